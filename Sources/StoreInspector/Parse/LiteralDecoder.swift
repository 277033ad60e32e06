import DexPlatform
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `Decoder` that builds any `Decodable` value from a `Literal` in dump syntax.
///
/// Enum cases read in the layout of Swift's synthesized `Codable` (one key, the case name, holding
/// the arguments by label or `_0`, `_1`…); `TypeName(label: value)` reads by labels; arrays, sets
/// and `IndexSet` read from `[…]`; `UUID("…")`, `Date("…")`, `URL(string: "…")` and
/// `Data(base64Encoded: "…")` build their Foundation values; `\.name` reads as the string
/// `"name"`.
///
/// ```swift
/// let action = try LiteralDecoder.decode(
///   Action.self, from: LiteralParser.parse(".rowSelected(id: 25)"))  // Action.rowSelected(id: 25)
/// ```
public struct LiteralDecoder: Decoder {
  /// The keys from the whole literal to this decoder's part of it.
  public let codingPath: [any CodingKey]
  /// Always empty.
  public var userInfo: [CodingUserInfoKey: Any] { [:] }

  let literal: Literal
  /// The type being decoded, for messages and for reading `.name` as a raw value.
  let expectedType: Any.Type?
  /// The case name when `literal` is the `.tuple` of that case's arguments.
  let payloadOf: String?
  let usage: ArgumentUsage

  /// A decoder over `literal`; `try T(from: LiteralDecoder(literal))` builds a `T`.
  public init(_ literal: Literal) {
    self.init(literal, codingPath: [], expectedType: nil, payloadOf: nil, usage: ArgumentUsage())
  }

  init(
    _ literal: Literal, codingPath: [any CodingKey], expectedType: Any.Type?, payloadOf: String?,
    usage: ArgumentUsage
  ) {
    self.literal = literal
    self.codingPath = codingPath
    self.expectedType = expectedType
    self.payloadOf = payloadOf
    self.usage = usage
  }

  /// Decodes a `T` from `literal` and rejects arguments or fields that `T` did not read, so that a
  /// misspelt label is an error rather than silently ignored.
  ///
  /// Errors are `DecodingError`s (or the type's own errors); `describeDecodingError(_:)` prints
  /// them on one line: `argument 'id' of .rowSelected: expected Int, found "milk"`.
  public static func decode<T: Decodable>(_ type: T.Type, from literal: Literal) throws -> T {
    let decoder = LiteralDecoder(literal)
    let value = try decoder.decodeValue(T.self)
    try decoder.usage.checkEverythingWasRead()
    return value
  }

  public func container<Key: CodingKey>(
    keyedBy type: Key.Type
  ) throws -> KeyedDecodingContainer<Key> {
    let literal = try resolvedLiteral()
    let entries: [LiteralKeyedDecodingContainer<Key>.Entry]
    switch literal {
    case .enumCase(let name, let arguments):
      guard Key(stringValue: name) != nil else {
        throw DecodingError.typeMismatch(
          expectedType ?? Key.self,
          .init(
            codingPath: codingPath,
            debugDescription: "'.\(name)' is not a case of \(expectedTypeName)"))
      }
      let key = LiteralCodingKey(name, role: .caseName)
      // Registered now: a case without payload never asks for the container of its arguments.
      usage.register(
        codingPath + [key], owner: "." + name,
        keys: Self.keys(of: arguments ?? [], role: .argument))
      entries = [.init(key: key, value: .tuple(arguments ?? []), payloadOf: name)]
    case .tuple(let arguments):
      let role: LiteralCodingKey.Role = payloadOf == nil ? .field(ofType: nil) : .argument
      entries = Self.entries(arguments, role: role)
      usage.register(codingPath, owner: ownerName, keys: entries.map(\.key))
    case .call(let typeName, let arguments):
      entries = Self.entries(arguments, role: .field(ofType: typeName))
      usage.register(codingPath, owner: typeName, keys: entries.map(\.key))
    case .dictionary(let pairs):
      entries = pairs.map { pair in
        let name = Self.keyText(pair.key)
        return .init(
          key: LiteralCodingKey(name, intValue: Int(name), role: .entry), value: pair.value,
          payloadOf: nil)
      }
    default:
      throw mismatch(expected: expectedTypeName)
    }
    return KeyedDecodingContainer(
      LiteralKeyedDecodingContainer<Key>(decoder: self, entries: entries))
  }

  public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let elements: [Literal]
    switch try resolvedLiteral() {
    case .array(let values): elements = values
    case .dictionary(let pairs): elements = pairs.flatMap { [$0.key, $0.value] }
    case .tuple(let arguments) where payloadOf == nil: elements = arguments.map(\.value)
    default: throw mismatch(expected: expectedTypeName)
    }
    return LiteralUnkeyedDecodingContainer(decoder: self, elements: elements)
  }

  public func singleValueContainer() throws -> any SingleValueDecodingContainer {
    LiteralSingleValueDecodingContainer(decoder: self)
  }

  // MARK: Values

  /// Decodes a `T` at this decoder's position: Foundation values, `IndexSet` and case names of
  /// `CaseIterable` enums first, then `T`'s own `init(from:)`.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    let literal = try resolvedLiteral()
    if let value = try decodeFoundationValue(T.self, from: literal) { return value }
    if let value = try decodeCaseIterable(T.self, from: literal) { return value }
    let decoder = LiteralDecoder(
      literal, codingPath: codingPath, expectedType: T.self, payloadOf: payloadOf, usage: usage)
    if case .call(let written, _) = literal, !(T.self is any OptionalMarker.Type),
      Self.baseName(written) != Self.baseName(TypeName.of(T.self))
    {
      throw decoder.mismatch(expected: decoder.expectedTypeName)
    }
    return try T(from: decoder)
  }

  /// A decoder for a part of this literal.
  func child(
    _ literal: Literal, key: LiteralCodingKey, payloadOf: String? = nil
  ) -> LiteralDecoder {
    LiteralDecoder(
      literal, codingPath: codingPath + [key], expectedType: nil, payloadOf: payloadOf,
      usage: usage)
  }

  private func decodeFoundationValue<T>(_ type: T.Type, from literal: Literal) throws -> T? {
    switch T.self {
    case is UUID.Type:
      let text = try foundationArgument(of: literal, call: "UUID", label: nil)
      guard let uuid = UUID(uuidString: text) else {
        throw corrupted("\(text.quotedLiteral) is not a UUID")
      }
      return uuid as? T
    case is Date.Type:
      let text = try foundationArgument(of: literal, call: "Date", label: nil)
      let plain = Date.ISO8601FormatStyle()
      let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
      guard let date = (try? plain.parse(text)) ?? (try? fractional.parse(text)) else {
        throw corrupted(
          "\(text.quotedLiteral) is not an ISO 8601 date like \"2026-01-01T00:00:00Z\"")
      }
      return date as? T
    case is URL.Type:
      let text = try foundationArgument(of: literal, call: "URL", label: "string")
      guard let url = URL(string: text) else {
        throw corrupted("\(text.quotedLiteral) is not a URL")
      }
      return url as? T
    case is Data.Type:
      let text = try foundationArgument(of: literal, call: "Data", label: "base64Encoded")
      guard let data = Data(base64Encoded: text) else {
        throw corrupted("\(text.quotedLiteral) is not Base64")
      }
      return data as? T
    default:
      guard TypeName.of(T.self) == "IndexSet", let decodable = T.self as? any Decodable.Type,
        case .array = literal
      else { return nil }
      return try decodeIndexSet(decodable, from: literal) as? T
    }
  }

  /// The string in `Call("…")` (or `Call(label: "…")`), or a bare string literal.
  private func foundationArgument(
    of literal: Literal, call: String, label: String?
  ) throws -> String {
    switch literal {
    case .string(let text):
      return text
    case .call(call, let arguments):
      if arguments.count == 1, arguments[0].label == label,
        case .string(let text) = arguments[0].value
      {
        return text
      }
      throw mismatch(expected: call + "(" + (label.map { "\($0): " } ?? "") + "\"…\")")
    default:
      throw mismatch(expected: call)
    }
  }

  /// Foundation's `IndexSet` decodes from `{"indexes": [{"location": i, "length": n}, …]}`;
  /// `[0, 2]` is rewritten into that layout, its integers checked one by one first: an index is
  /// an offset, from 0 to `Int.max - 1` (Foundation traps on `Int.max`, the end of its range).
  private func decodeIndexSet(
    _ type: any Decodable.Type, from literal: Literal
  ) throws -> any Decodable {
    let integers = try [Int](from: self)
    if let outOfRange = integers.first(where: { $0 < 0 || $0 == .max }) {
      throw corrupted(
        "\(outOfRange) is not an index of an IndexSet: its indexes are offsets from 0 to \(Int.max - 1)")
    }
    let ranges = integers.map { integer -> Literal in
      .call(
        "",
        [
          .init(label: "location", value: .int("\(integer)")),
          .init(label: "length", value: .int("1")),
        ])
    }
    let layout = Literal.call("IndexSet", [.init(label: "indexes", value: .array(ranges))])
    return try type.init(
      from: LiteralDecoder(
        layout, codingPath: codingPath, expectedType: type, payloadOf: nil, usage: ArgumentUsage()))
  }

  /// `.name` for a `CaseIterable` type: the case whose runtime name is `name`, whatever its raw
  /// value.
  private func decodeCaseIterable<T>(_ type: T.Type, from literal: Literal) throws -> T? {
    guard case .enumCase(let name, nil) = literal,
      let iterable = T.self as? any CaseIterable.Type
    else { return nil }
    let names = Self.caseNames(of: iterable)
    guard let index = names.firstIndex(of: name) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "'.\(name)' is not a case of \(TypeName.sugared(T.self)); valid cases: "
            + names.map { "." + $0 }.joined(separator: ", ")))
    }
    return Self.allCases(of: iterable)[index] as? T
  }

  private static func caseNames(of type: any CaseIterable.Type) -> [String] {
    allCases(of: type).map { enumCaseName(of: $0) }
  }

  private static func allCases(of type: any CaseIterable.Type) -> [Any] {
    func cases<C: CaseIterable>(_ type: C.Type) -> [Any] { Array(C.allCases) }
    return cases(type)
  }

  // MARK: Helpers

  /// The literal with `#N` markers removed; a back-reference cannot be decoded.
  func resolvedLiteral() throws -> Literal {
    var literal = literal
    while case .object(_, let inner) = literal { literal = inner }
    if case .reference(let id) = literal {
      throw corrupted("#\(id) refers to another part of the value; write the value itself")
    }
    return literal
  }

  /// The expected type as a user writes it, or "a value" when unknown.
  var expectedTypeName: String {
    expectedType.map(TypeName.sugared) ?? "a value"
  }

  /// `expected Int, found "milk"`.
  func mismatch(expected: String) -> DecodingError {
    DecodingError.typeMismatch(
      expectedType ?? Any.self,
      .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(foundText)"))
  }

  func corrupted(_ message: String) -> DecodingError {
    DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
  }

  /// The literal as written, shortened to 60 characters.
  var foundText: String {
    let text =
      payloadOf == nil ? literal.description : "." + (payloadOf ?? "") + literal.description
    return text.count > 60 ? text.prefix(59) + "…" : text
  }

  /// What a tuple's labels belong to in messages: `.rowSelected`, or the type being decoded.
  private var ownerName: String {
    payloadOf.map { "." + $0 } ?? expectedTypeName
  }

  private static func entries<Key: CodingKey>(
    _ arguments: [Literal.Argument], role: LiteralCodingKey.Role
  ) -> [LiteralKeyedDecodingContainer<Key>.Entry] {
    zip(keys(of: arguments, role: role), arguments).map { key, argument in
      .init(key: key, value: argument.value, payloadOf: nil)
    }
  }

  /// The keys of arguments: their labels, `_0`, `_1`… for unlabelled ones.
  private static func keys(
    of arguments: [Literal.Argument], role: LiteralCodingKey.Role
  ) -> [LiteralCodingKey] {
    arguments.enumerated().map { position, argument in
      LiteralCodingKey(argument.label ?? "_\(position)", role: role)
    }
  }

  /// The text of a dictionary key: `"a"` is `a`, `3` is `3`, `.name` is `name`.
  static func keyText(_ key: Literal) -> String {
    switch key {
    case .string(let text), .int(let text), .float(let text), .enumCase(let text, nil): text
    default: key.description
    }
  }

  /// `Page` for `Module.Page<Todo>`: the last component of the name before its generic
  /// arguments.
  static func baseName(_ typeName: String) -> Substring {
    let withoutGenerics = typeName.prefix { $0 != "<" }
    return withoutGenerics.split(separator: ".").last ?? withoutGenerics
  }
}

/// Lets `LiteralDecoder` recognise `Optional` whatever its wrapped type.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}
