import DexPlatform

/// One case of an enum: its name, its arguments, how to build it and how to take it apart.
/// Routing (`Scope`, `forEach`, presentation), a debugger's parser, completion and `actions`
/// listing all read it. The case tables are generated (see `CasePathable`); written out, one reads:
///
/// ```swift
/// let todoTapped = Case("todoTapped", label: "id", Action.todoTapped(id:)) {
///   if case let .todoTapped(value) = $0 { value } else { nil }
/// }
/// ```
///
/// A case whose payload is itself case-tabled reaches into it, as TCA's case key paths do:
/// `\Action.Cases.delegate.saved` is the `.delegate(.saved(…))` case of `Action`.
@dynamicMemberLookup
public struct Case<Root, Value>: @unchecked Sendable {
  /// The case's name, as written after the dot: `saved`; `delegate(.saved)` for a case reached
  /// through another.
  public let name: String
  /// The case's arguments in order; empty for a case without payload.
  public let arguments: [CaseArgument]
  /// Builds the root value from the payload.
  public let embed: @Sendable (Value) -> Root
  /// The payload, when `root` is this case.
  public let extract: @Sendable (Root) -> Value?
  /// The payload as one value per argument.
  let splitPayload: @Sendable (Value) -> [Any]
}

extension Case where Value == Void {
  /// A case without payload, such as `.onAppear`; `extract` tells the case apart.
  public init(_ name: String, value: Root, extract: @escaping @Sendable (Root) -> Void?)
  where Root: Sendable {
    self.name = name
    self.arguments = []
    self.embed = { _ in value }
    self.extract = extract
    self.splitPayload = { _ in [] }
  }
}

extension Case {
  /// A case with one argument, labelled or not: `.todoTapped(id: 3)`, `.counter(.incrementTapped)`.
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
    self.splitPayload = { [$0] }
  }

  /// A case with several arguments, its payload the tuple of them:
  /// `.todosMoved(fromOffsets: [0], toOffset: 2)`.
  public init<each Argument>(
    _ name: String,
    labels: [String?],
    _ embed: @escaping @Sendable (repeat each Argument) -> Root,
    extract: @escaping @Sendable (Root) -> (repeat each Argument)?
  ) where Value == (repeat each Argument) {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    self.name = name
    self.arguments = zip(labels, types).map { CaseArgument(label: $0, type: $1) }
    self.embed = { (payload: (repeat each Argument)) in embed(repeat each payload) }
    self.extract = extract
    self.splitPayload = { (payload: (repeat each Argument)) in
      var values: [Any] = []
      for value in repeat each payload { values.append(value) }
      return values
    }
  }
}

/// One argument of a case: its label (nil when unlabelled) and its type.
public struct CaseArgument: @unchecked Sendable, CustomStringConvertible {
  /// The argument label, or nil for an unlabelled argument.
  public let label: String?
  /// The argument's type (metatypes are immutable, hence the unchecked Sendable).
  public let type: Any.Type

  /// The type's name as a user writes it: `Int`, `IndexSet`, `TodoListFeature.Action`.
  public var typeName: String { TypeName.of(type) }

  /// `id: Int`, or `TodoListFeature.Action` when unlabelled.
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

extension Case where Value: CasePathable {
  /// The case `path` of this case's payload, as a case of the root: `\.delegate.saved` in a key
  /// path to `Action.Cases`. (A payload case named like a member of `Case` — `name`, `embed` —
  /// is shadowed by the member.)
  public subscript<Child>(
    dynamicMember path: KeyPath<Value.Cases, Case<Value, Child>> & Sendable
  ) -> Case<Root, Child> {
    let parent = self
    let child = Value.cases[keyPath: path]
    return Case<Root, Child>(
      name: "\(parent.name)(.\(child.name))",
      arguments: child.arguments,
      embed: { parent.embed(child.embed($0)) },
      extract: { parent.extract($0).flatMap(child.extract) },
      splitPayload: child.splitPayload)
  }
}
