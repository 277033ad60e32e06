import Foundation
import Testing

@testable import StoreInspector

// Toy actions in the layouts the core's case tables read: Swift's synthesized Codable for enums
// (one key, the case name, holding the arguments by label or `_0`), a hand-written table-like
// decoder, and a binding action that reads a key path name then a value.

enum AppAction: Codable, Equatable, Sendable {
  case list(ListAction)
  case team(TeamAction)
  case counter(CounterAction)
}

enum ListAction: Codable, Equatable, Sendable {
  case onAppear
  case rowTapped(id: Int)
  case searchChanged(String)
  case pageLoaded(Outcome<[Int], DexError>)
  case sorted(SortOrder)
  case rarityPicked(Rarity?)
  case scaled(factor: Double, Float)
  case smallStep(Int8, UInt16)
}

enum TeamAction: Codable, Equatable, Sendable {
  case membersDeleted(IndexSet)
  case membersMoved(fromOffsets: IndexSet, toOffset: Int)
  case memberTapped(UUID)
  case binding(BindingAction)
  case favoritesChanged(Set<Int>)
  case scheduled(at: Date, url: URL, payload: Data)
  case levelsSet([String: Int])
}

/// `Result`'s layout without its (missing) Codable conformance.
enum Outcome<Success: Codable & Equatable & Sendable, Failure: Codable & Equatable & Sendable>:
  Codable, Equatable, Sendable
{
  case success(Success)
  case failure(Failure)
}

struct DexError: Codable, Equatable, Error, Sendable {
  enum Kind: String, Codable, Equatable {
    case network, decoding
  }
  var kind: Kind
  var message: String
  var retryAfter: Int?
}

enum SortOrder: String, Codable, CaseIterable, Equatable, Sendable {
  case added
  case level
  case byName = "name"
}

/// A raw-value enum that is not `CaseIterable`: `.rare` reads as its raw value.
enum Rarity: String, Codable, Equatable, Sendable {
  case common, rare
}

/// Decodes `{"set": {"_0": "nickname", "_1": value}}` like the core's binding action.
struct BindingAction: Codable, Equatable, Sendable {
  var keyPath: String
  var value: String

  init(keyPath: String, value: String) {
    self.keyPath = keyPath
    self.value = value
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ToyKey.self)
    let arguments = try container.nestedContainer(keyedBy: ToyKey.self, forKey: ToyKey("set"))
    keyPath = try arguments.decode(String.self, forKey: ToyKey("_0"))
    switch keyPath {
    case "level": value = String(try arguments.decode(Int.self, forKey: ToyKey("_1")))
    case "nickname": value = try arguments.decode(String.self, forKey: ToyKey("_1"))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: ToyKey("_0"), in: arguments, debugDescription: "no bindable field '\(keyPath)'")
    }
  }

  func encode(to encoder: any Encoder) throws {}
}

/// A hand-written decoder shaped like the core's `CaseTable.decode(from:)`.
enum CounterAction: Codable, Equatable, Sendable {
  case incrementTapped
  case setTo(Int)

  struct UnknownCase: Error, CustomStringConvertible {
    var name: String
    var description: String {
      "'\(name)' is not a case of CounterAction; valid cases: .incrementTapped, .setTo"
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ToyKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "expected one case"))
    }
    let payload = try container.superDecoder(forKey: key)
    switch key.stringValue {
    case "incrementTapped":
      self = .incrementTapped
    case "setTo":
      self = .setTo(
        try payload.container(keyedBy: ToyKey.self).decode(Int.self, forKey: ToyKey("_0")))
    default:
      throw UnknownCase(name: key.stringValue)
    }
  }

  func encode(to encoder: any Encoder) throws {}
}

struct ToyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ stringValue: String) { self.stringValue = stringValue }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Decodes `text` as `T` the way the REPL does.
func decodeLiteral<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
  try LiteralDecoder.decode(T.self, from: LiteralParser.parse(text))
}

struct LiteralDecoderTests {
  static let uuid = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!

  static let actions: [(text: String, action: AppAction)] = [
    (".list(.onAppear)", .list(.onAppear)),
    (".list(.rowTapped(id: 25))", .list(.rowTapped(id: 25))),
    (#".list(.searchChanged("pika"))"#, .list(.searchChanged("pika"))),
    (".list(.pageLoaded(.success([1, 2])))", .list(.pageLoaded(.success([1, 2])))),
    (
      #".list(.pageLoaded(.failure(DexError(kind: .network, message: "offline", "#
        + #"retryAfter: nil))))"#,
      .list(.pageLoaded(.failure(DexError(kind: .network, message: "offline"))))
    ),
    (
      #".list(.pageLoaded(.failure(DexError(kind: .decoding, message: "x", retryAfter: 3))))"#,
      .list(.pageLoaded(.failure(DexError(kind: .decoding, message: "x", retryAfter: 3))))
    ),
    (".list(.sorted(.level))", .list(.sorted(.level))),
    (".list(.sorted(.byName))", .list(.sorted(.byName))),
    (#".list(.sorted("name"))"#, .list(.sorted(.byName))),
    (".list(.rarityPicked(.rare))", .list(.rarityPicked(.rare))),
    (#".list(.rarityPicked("common"))"#, .list(.rarityPicked(.common))),
    (".list(.rarityPicked(nil))", .list(.rarityPicked(nil))),
    (".list(.scaled(factor: 2, 0.5))", .list(.scaled(factor: 2, 0.5))),
    (".list(.scaled(factor: .infinity, -1e3))", .list(.scaled(factor: .infinity, -1000))),
    (".list(.smallStep(-128, 65535))", .list(.smallStep(-128, 65535))),
    (".team(.membersDeleted([0, 2]))", .team(.membersDeleted(IndexSet([0, 2])))),
    (".team(.membersDeleted([]))", .team(.membersDeleted(IndexSet()))),
    (
      ".team(.membersMoved(fromOffsets: [3, 1, 2], toOffset: 0))",
      .team(.membersMoved(fromOffsets: IndexSet(1...3), toOffset: 0))
    ),
    (
      #".team(.memberTapped(UUID("deadbeef-0000-4000-8000-000000000001")))"#,
      .team(.memberTapped(uuid))
    ),
    (
      #".team(.binding(.set(\.nickname, "Sparky")))"#,
      .team(.binding(BindingAction(keyPath: "nickname", value: "Sparky")))
    ),
    (
      #".team(.binding(.set(\.level, 12)))"#,
      .team(.binding(BindingAction(keyPath: "level", value: "12")))
    ),
    (".team(.favoritesChanged([25, 1]))", .team(.favoritesChanged([1, 25]))),
    (
      #".team(.scheduled(at: Date("2026-01-01T00:00:00Z"), url: URL(string: "https://pokeapi.co"), "#
        + #"payload: Data(base64Encoded: "AQID")))"#,
      .team(
        .scheduled(
          at: Date(timeIntervalSince1970: 1_767_225_600), url: URL(string: "https://pokeapi.co")!,
          payload: Data([1, 2, 3])))
    ),
    (
      #".team(.scheduled(at: Date("2026-01-01T00:00:00.5Z"), url: URL(string: "a"), "#
        + #"payload: Data(base64Encoded: "")))"#,
      .team(
        .scheduled(
          at: Date(timeIntervalSince1970: 1_767_225_600.5), url: URL(string: "a")!,
          payload: Data()))
    ),
    (
      #".team(.levelsSet(["pikachu": 5, "eevee": 3]))"#,
      .team(.levelsSet(["pikachu": 5, "eevee": 3]))
    ),
    (".counter(.incrementTapped)", .counter(.incrementTapped)),
    (".counter(.setTo(-4))", .counter(.setTo(-4))),
    ("#1 .counter(.setTo(7))", .counter(.setTo(7))),
  ]

  @Test(arguments: actions)
  func decodesEveryActionShapeFromItsLiteral(text: String, action: AppAction) throws {
    #expect(try decodeLiteral(AppAction.self, text) == action)
  }

  @Test func decodesPlainValuesAtTheTop() throws {
    #expect(try decodeLiteral([Int].self, "[1, 2, 3]") == [1, 2, 3])
    #expect(try decodeLiteral([Int: String].self, #"[2: "b", 1: "a"]"#) == [1: "a", 2: "b"])
    #expect(try decodeLiteral([UUID: Int].self, #"[UUID("\#(Self.uuid)"): 1]"#) == [Self.uuid: 1])
    #expect(try decodeLiteral(Int?.self, "nil") == nil)
    #expect(try decodeLiteral(String.self, #"\.a.b"#) == "a.b")
    #expect(try decodeLiteral(Bool.self, "true"))
    #expect(try decodeLiteral(UInt64.self, "18446744073709551615") == .max)
    #expect(try decodeLiteral(Double.self, ".nan").isNaN)
    #expect(
      try decodeLiteral(DexError.self, #"DexError(kind: .network, message: "m")"#)
        == DexError(kind: .network, message: "m"))
  }

  /// Every action but the toy binding (which dumps as a struct) and `IndexSet`s (which dump as
  /// `[0, 2]` only once the app's inspection layer says so).
  @Test(
    arguments: actions.map(\.action).filter { action in
      switch action {
      case .team(.binding), .team(.membersDeleted), .team(.membersMoved): false
      default: true
      }
    })
  func everyDumpedActionDecodesBackToItself(action: AppAction) throws {
    let dump = inspectorDump(action, maxWidth: .max)
    #expect(try decodeLiteral(AppAction.self, dump) == action, "\(dump)")
  }

  @Test func typesThatDecodeThemselvesReadUUIDsAsStrings() throws {
    let literal = try LiteralParser.parse(#"UUID("\#(Self.uuid)")"#)
    #expect(try UUID(from: LiteralDecoder(literal)) == Self.uuid)
  }

  @Test func initFromDecoderWorksWithoutTheUnusedArgumentCheck() throws {
    let literal = try LiteralParser.parse(".rowTapped(id: 25, extra: 1)")
    #expect(try ListAction(from: LiteralDecoder(literal)) == .rowTapped(id: 25))
    #expect(throws: DecodingError.self) {
      try LiteralDecoder.decode(ListAction.self, from: literal)
    }
  }
}
