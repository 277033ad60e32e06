/// One case of an action enum, declared once: its name, its arguments, how to build it and how
/// to take it apart. Routing (`Scope`, `forEach`, presentation), the REPL's parser, completion and
/// `actions` listing all read it.
///
/// ```swift
/// let rowTapped = Case("rowTapped", label: "id", Action.rowTapped) {
///   if case let .rowTapped(id) = $0 { id } else { nil }
/// }
/// ```
public struct Case<Root, Value>: @unchecked Sendable {
  /// The case's name, as written after the dot.
  public let name: String
  /// The case's arguments in order; empty for a case without payload.
  public let arguments: [CaseArgument]
  /// Builds the root value from the payload.
  public let embed: @Sendable (Value) -> Root
  /// The payload, when `root` is this case.
  public let extract: @Sendable (Root) -> Value?
  let decodePayload: @Sendable (any Decoder) throws -> Value
  let encodePayload: @Sendable (Value, any Encoder) throws -> Void
  /// The payload as one value per argument.
  let splitPayload: @Sendable (Value) -> [Any]
}

extension Case where Value == Void {
  /// A case without payload, such as `.onAppear`.
  public init(_ name: String, _ value: Root) where Root: Equatable & Sendable {
    self.name = name
    self.arguments = []
    self.embed = { _ in value }
    self.extract = { $0 == value ? () : nil }
    self.decodePayload = { _ in }
    self.encodePayload = { _, _ in }
    self.splitPayload = { _ in [] }
  }
  /// A case without payload, for an enum that is not Equatable: `extract` tells the case apart.
  public init(_ name: String, value: Root, extract: @escaping @Sendable (Root) -> Void?)
  where Root: Sendable {
    self.name = name
    self.arguments = []
    self.embed = { _ in value }
    self.extract = extract
    self.decodePayload = { _ in }
    self.encodePayload = { _, _ in }
    self.splitPayload = { _ in [] }
  }
}


extension Case {
  /// A case with one argument, labelled or not: `.rowTapped(id: 25)`, `.list(.onAppear)`.
  public init(
    _ name: String,
    label: String? = nil,
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) where Value: Codable & Sendable {
    let key = CaseArgumentKey(label: label, position: 0)
    self.name = name
    self.arguments = [CaseArgument(label: label, type: Value.self)]
    self.embed = embed
    self.extract = extract
    self.decodePayload = { decoder in
      try decoder.container(keyedBy: CaseArgumentKey.self).decode(Value.self, forKey: key)
    }
    self.encodePayload = { value, encoder in
      var container = encoder.container(keyedBy: CaseArgumentKey.self)
      try container.encode(value, forKey: key)
    }
    self.splitPayload = { [$0] }
  }

  /// A case whose payload is never parsed or encoded (the case of an enum state, such as
  /// `Destination.State.detail`): it routes, lists and prints like any other.
  public init(
    _ name: String,
    label: String? = nil,
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.name = name
    self.arguments = [CaseArgument(label: label, type: Value.self)]
    self.embed = embed
    self.extract = extract
    self.decodePayload = { decoder in
      throw DecodingError.typeMismatch(
        Value.self,
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "\(typeDisplayName(Value.self)) cannot be written as a literal"))
    }
    self.encodePayload = { _, encoder in
      throw EncodingError.invalidValue(
        name,
        .init(
          codingPath: encoder.codingPath,
          debugDescription: "\(typeDisplayName(Value.self)) cannot be encoded"))
    }
    self.splitPayload = { [$0] }
  }

  /// A case with two arguments: `.membersMoved(fromOffsets: [0], toOffset: 2)`.
  public init<A: Codable & Sendable, B: Codable & Sendable>(
    _ name: String,
    labels first: String?, _ second: String?,
    _ embed: @escaping @Sendable (A, B) -> Root,
    extract: @escaping @Sendable (Root) -> (A, B)?
  ) where Value == (A, B) {
    let keys = (
      CaseArgumentKey(label: first, position: 0), CaseArgumentKey(label: second, position: 1)
    )
    self.name = name
    self.arguments = [
      CaseArgument(label: first, type: A.self), CaseArgument(label: second, type: B.self),
    ]
    self.embed = { embed($0.0, $0.1) }
    self.extract = extract
    self.decodePayload = { decoder in
      let container = try decoder.container(keyedBy: CaseArgumentKey.self)
      return (
        try container.decode(A.self, forKey: keys.0), try container.decode(B.self, forKey: keys.1)
      )
    }
    self.encodePayload = { value, encoder in
      var container = encoder.container(keyedBy: CaseArgumentKey.self)
      try container.encode(value.0, forKey: keys.0)
      try container.encode(value.1, forKey: keys.1)
    }
    self.splitPayload = { [$0.0, $0.1] }
  }
}

/// One argument of a case: its label (nil when unlabelled) and its type.
public struct CaseArgument: @unchecked Sendable, CustomStringConvertible {
  /// The argument label, or nil for an unlabelled argument.
  public let label: String?
  /// The argument's type (metatypes are immutable, hence the unchecked Sendable).
  public let type: Any.Type

  /// The type's name as a user writes it: `Int`, `IndexSet`, `PokemonListFeature.Action`.
  public var typeName: String { typeDisplayName(type) }

  /// `id: Int`, or `PokemonListFeature.Action` when unlabelled.
  public var description: String {
    label.map { "\($0): \(typeName)" } ?? typeName
  }
}

/// The coding key of an argument: its label, else `_0`, `_1`… like Swift's synthesized Codable.
struct CaseArgumentKey: CodingKey, Hashable {
  let stringValue: String
  var intValue: Int? { nil }

  init(label: String?, position: Int) {
    self.stringValue = label ?? "_\(position)"
  }

  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { return nil }
}

/// A type's name as a user writes it, without module prefixes: `PokemonListFeature.Action`,
/// `Array<Int>`. `String(reflecting:)` qualifies every name with its module; drop that first part.
@usableFromInline
func typeDisplayName(_ type: Any.Type) -> String {
  var result = ""
  var token = ""
  func flush() {
    if let dot = token.firstIndex(of: ".") {
      result += token[token.index(after: dot)...]
    } else {
      result += token
    }
    token = ""
  }
  for character in String(reflecting: type) {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      token.append(character)
    } else {
      flush()
      result.append(character)
    }
  }
  flush()
  return result
}
