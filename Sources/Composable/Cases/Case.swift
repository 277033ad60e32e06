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
  /// Hands each argument of the payload to `body`, in order, when `root` is this case; false
  /// when it is another. Made where the case is declared (the initializers are inlinable), so
  /// it runs specialized for the root and payload: printing an action reads its arguments
  /// through it on every send, with no array and no generic metadata look-up.
  @usableFromInline let visitArguments: @Sendable (Root, (Any) -> Void) -> Bool

  @usableFromInline
  init(
    name: String, arguments: [CaseArgument], embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?,
    visitArguments: @escaping @Sendable (Root, (Any) -> Void) -> Bool
  ) {
    self.name = name
    self.arguments = arguments
    self.embed = embed
    self.extract = extract
    self.visitArguments = visitArguments
  }
}

extension Case where Value == Void {
  /// A case without payload, such as `.onAppear`; `extract` tells the case apart.
  @inlinable
  public init(_ name: String, value: Root, extract: @escaping @Sendable (Root) -> Void?)
  where Root: Sendable {
    self.init(
      name: name, arguments: [], embed: { _ in value }, extract: extract,
      visitArguments: { root, _ in extract(root) != nil })
  }
}

extension Case {
  /// A case with one argument, labelled or not: `.todoTapped(id: 3)`, `.counter(.incrementTapped)`.
  @inlinable
  public init(
    _ name: String,
    label: String? = nil,
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(
      name: name, arguments: [CaseArgument(label: label, type: Value.self)], embed: embed,
      extract: extract,
      visitArguments: { root, body in
        guard let value = extract(root) else { return false }
        body(value)
        return true
      })
  }

  /// A case with several arguments, its payload the tuple of them:
  /// `.todosMoved(fromOffsets: [0], toOffset: 2)`.
  @inlinable
  public init<each Argument>(
    _ name: String,
    labels: [String?],
    _ embed: @escaping @Sendable (repeat each Argument) -> Root,
    extract: @escaping @Sendable (Root) -> (repeat each Argument)?
  ) where Value == (repeat each Argument) {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    self.init(
      name: name, arguments: zip(labels, types).map { CaseArgument(label: $0, type: $1) },
      embed: { (payload: (repeat each Argument)) in embed(repeat each payload) },
      extract: extract,
      visitArguments: { root, body in
        guard let payload = extract(root) else { return false }
        for value in repeat each payload { body(value) }
        return true
      })
  }
}

/// One argument of a case: its label (nil when unlabelled) and its type.
public struct CaseArgument: @unchecked Sendable, CustomStringConvertible {
  /// The argument label, or nil for an unlabelled argument.
  public let label: String?
  /// The argument's type (metatypes are immutable, hence the unchecked Sendable).
  public let type: Any.Type

  @usableFromInline
  init(label: String?, type: Any.Type) {
    self.label = label
    self.type = type
  }

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
      visitArguments: { root, body in
        guard let payload = parent.extract(root) else { return false }
        return child.visitArguments(payload, body)
      })
  }
}
