import DexPlatform

/// An enum whose cases are declared in a table, so that they can be routed, listed, parsed and
/// printed without macros (Swift cannot list an enum's cases by itself).
///
/// ```swift
/// extension CounterFeature.Action: CaseTabled {
///   public struct Cases {
///     public let incrementTapped = Case("incrementTapped", CounterFeature.Action.incrementTapped)
///   }
///   public static let cases = Cases()
/// }
/// ```
public protocol CaseTabled: Codable, Sendable, CaseListing {
  /// A struct with one `Case` property per case of the enum, in declaration order.
  associatedtype Cases: Sendable
  /// The typed cases; `Scope(state:action:)` takes key paths into it (`action: \.counter`).
  static var cases: Cases { get }
}

extension CaseTabled {
  /// Every case of the enum, erased, in declaration order.
  public static var caseTable: CaseTable<Self> {
    CaseTable<Self>.cached(for: Self.self) {
      CaseTable(
        Mirror(reflecting: cases).children.compactMap { ($0.value as? any AnyCaseConvertible<Self>)?.erased })
    }
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.caseTable.decode(from: decoder)
  }

  public static var caseDescriptions: [CaseDescription] {
    caseTable.cases.map { CaseDescription(name: $0.name, arguments: $0.arguments) }
  }

  public func encode(to encoder: any Encoder) throws {
    try Self.caseTable.encode(self, to: encoder)
  }
}

/// The erased list of an enum's cases: names, arguments, and decoding by name.
public struct CaseTable<Root>: @unchecked Sendable {
  /// The cases in declaration order.
  public let cases: [AnyCase<Root>]
  private let byName: [String: Int]

  init(_ cases: [AnyCase<Root>]) {
    self.cases = cases
    var byName: [String: Int] = [:]
    for (index, entry) in cases.enumerated() { byName[entry.name] = index }
    self.byName = byName
  }

  /// The case called `name`, if there is one.
  public subscript(name: String) -> AnyCase<Root>? {
    byName[name].map { cases[$0] }
  }

  /// The case `value` is.
  public func caseOf(_ value: Root) -> AnyCase<Root>? {
    cases.first { $0.matches(value) }
  }

  /// The case `value` is, with its arguments' labels and values: what printing it needs.
  public func parts(of value: Root) -> (name: String, arguments: [(label: String?, value: Any)])? {
    for entry in cases {
      guard let values = entry.argumentValues(value) else { continue }
      return (entry.name, zip(entry.arguments, values).map { ($0.label, $1) })
    }
    return nil
  }

  /// The case names, in declaration order.
  public var names: [String] { cases.map(\.name) }

  /// Decodes a value the way Swift's synthesized Codable lays out enums: one key, the case name,
  /// whose value holds the arguments by label (`_0`, `_1`… when unlabelled).
  public func decode(from decoder: any Decoder) throws -> Root {
    let container = try decoder.container(keyedBy: CaseArgumentKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected one case of \(typeDisplayName(Root.self)): \(listing)"))
    }
    guard let entry = self[key.stringValue] else {
      throw CaseTableError.unknownCase(
        key.stringValue, type: typeDisplayName(Root.self), valid: names)
    }
    return try entry.decode(try container.superDecoder(forKey: key))
  }

  /// Encodes `value` in the layout `decode(from:)` reads.
  public func encode(_ value: Root, to encoder: any Encoder) throws {
    guard let entry = caseOf(value) else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: encoder.codingPath,
          debugDescription: "\(typeDisplayName(Root.self)) has a case missing from its table"))
    }
    var container = encoder.container(keyedBy: CaseArgumentKey.self)
    try entry.encodePayload(value, container.superEncoder(forKey: CaseArgumentKey(stringValue: entry.name)))
  }

  /// `.onAppear, .todoTapped(id: Int), …`
  public var listing: String {
    cases.map(\.signature).joined(separator: ", ")
  }

  private static var cache: LockedValue<[ObjectIdentifier: any Sendable]> { caseTableCache }

  static func cached(for type: Root.Type, build: () -> CaseTable<Root>) -> CaseTable<Root> {
    let key = ObjectIdentifier(type)
    if let table = cache.withLock({ $0[key] }) as? CaseTable<Root> { return table }
    let table = build()
    cache.withLock { $0[key] = table }
    return table
  }
}

private let caseTableCache = LockedValue<[ObjectIdentifier: any Sendable]>([:])

/// A case of an enum with its payload type erased.
public struct AnyCase<Root>: @unchecked Sendable {
  /// The case's name.
  public let name: String
  /// The case's arguments.
  public let arguments: [CaseArgument]
  let matches: (Root) -> Bool
  let decode: (any Decoder) throws -> Root
  let encodePayload: (Root, any Encoder) throws -> Void
  let argumentValues: (Root) -> [Any]?

  /// `.todoTapped(id: Int)`, or `.onAppear` without arguments.
  public var signature: String {
    arguments.isEmpty
      ? ".\(name)" : ".\(name)(\(arguments.map(\.description).joined(separator: ", ")))"
  }

  /// Whether `value` is this case.
  public func contains(_ value: Root) -> Bool { matches(value) }

  /// Builds the value from a decoder holding the arguments by label.
  public func decodeValue(from decoder: any Decoder) throws -> Root { try decode(decoder) }
}

/// Lets the table find the `Case` properties of a `Cases` struct through `Mirror`.
protocol AnyCaseConvertible<Root> {
  associatedtype Root
  var erased: AnyCase<Root> { get }
}

extension Case: AnyCaseConvertible {
  var erased: AnyCase<Root> {
    let extract = extract
    let decodePayload = decodePayload
    let encodePayload = encodePayload
    let embed = embed
    let splitPayload = splitPayload
    return AnyCase(
      name: name,
      arguments: arguments,
      matches: { extract($0) != nil },
      decode: { embed(try decodePayload($0)) },
      encodePayload: { root, encoder in
        if let value = extract(root) { try encodePayload(value, encoder) }
      },
      argumentValues: { root in extract(root).map(splitPayload) })
  }
}

/// Why a value could not be decoded through a case table.
public enum CaseTableError: Error, Equatable, CustomStringConvertible {
  /// No case has that name.
  case unknownCase(String, type: String, valid: [String])

  public var description: String {
    switch self {
    case let .unknownCase(name, type, valid):
      "'\(name)' is not a case of \(type); valid cases: \(valid.map { ".\($0)" }.joined(separator: ", "))"
    }
  }
}

/// A type whose values can be listed as cases for a person: an action enum, or a binding.
public protocol CaseListing {
  /// The cases, in declaration order.
  static var caseDescriptions: [CaseDescription] { get }
}

/// One case as `actions` lists it.
public struct CaseDescription: Sendable {
  /// The case's name.
  public let name: String
  /// Its arguments.
  public let arguments: [CaseArgument]
  /// How it is written, when not `.name(arguments)`.
  public let customSignature: String?

  /// A case called `name` with `arguments`.
  public init(name: String, arguments: [CaseArgument], signature: String? = nil) {
    self.name = name
    self.arguments = arguments
    self.customSignature = signature
  }

  /// `.todoTapped(id: Int)`, or `.onAppear`.
  public var signature: String {
    customSignature
      ?? (arguments.isEmpty
        ? ".\(name)" : ".\(name)(\(arguments.map(\.description).joined(separator: ", ")))")
  }
}
