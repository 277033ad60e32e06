import DexPlatform

/// One reducer of a composed tree, described once when the tree is built: what kind of reducer
/// it is, which feature it runs, how its parent reaches it (the state path and the action
/// case) and where it is written. Tracers receive it with every event; a printer of the tree
/// reads the same fields.
///
/// ```swift
/// // Scope(state: \.todos, action: \.todos) { TodoListFeature() }, line 12 of AppFeature.swift
/// node.kind         // .scope
/// node.statePath    // "todos"
/// node.actionCase   // "todos"
/// node.reducerType  // TodoListFeature.self
/// node.label        // "Scope(todos)"
/// node.source       // Todos/AppFeature.swift:12
/// node.locatedLabel // "Scope(todos) at Todos/AppFeature.swift:12"
/// ```
// Metatypes are immutable, hence the unchecked Sendable.
public final class ReducerNode: @unchecked Sendable {
  /// What a reducer of the tree is.
  public enum Kind: String, Sendable, CaseIterable {
    /// A type conforming to `Reducer`: with a `body`, or writing `reduce(into:action:)` itself.
    case feature
    /// `Reduce { state, action in … }`.
    case reduce
    /// `BindingReducer()`.
    case binding
    /// `Scope(state:action:)`: a child on a stored property or on one case of an enum state.
    case scope
    /// `ifLet` over optional child state.
    case ifLet
    /// `ifCaseLet` over one case of an enum state.
    case ifCaseLet
    /// `ifLet` over presented child state (`PresentationAction`).
    case presentation
    /// `forEach` over the elements of an identified collection.
    case forEach
    /// `forEach` over the screens of a navigation stack (`StackState`).
    case stack
  }

  /// What kind of reducer this is.
  public let kind: Kind
  /// The feature's type for `.feature`; for `.scope`, `.ifLet`, `.ifCaseLet`, `.presentation`
  /// and `.forEach`, the child's reducer type; for `.reduce` and `.binding`, their own type.
  public let reducerType: Any.Type
  /// How the parent's state reaches the child's, as a state path: `list` (a property),
  /// `detail` (a case of an enum state), `destination`, `members`; nil for other kinds.
  public let statePath: String?
  /// The case of the parent's action that carries the child's actions: `list`, `destination`,
  /// `members`; nil for other kinds.
  public let actionCase: String?
  /// Where the reducer is written: the line of `Reduce {`, `Scope(`, `.ifLet(`, `.forEach(`,
  /// `BindingReducer()`, or of a feature's `var body`; nil for a feature that writes
  /// `reduce(into:action:)` itself.
  public let source: SourceLine?

  /// A node of `kind` running `reducerType`, reached through `statePath` and `actionCase`,
  /// written at `source`.
  public init(
    kind: Kind, reducerType: Any.Type, statePath: String? = nil, actionCase: String? = nil,
    isHandWritten: Bool = false, source: SourceLine? = nil
  ) {
    self.kind = kind
    self.reducerType = reducerType
    self.statePath = statePath
    self.actionCase = actionCase
    self.source = source
    self.isHandWritten = kind == .feature && isHandWritten
    let label = Self.label(kind: kind, reducerType: reducerType, path: statePath ?? actionCase ?? "")
    self.label = label
    self.locatedLabel = Self.located(label, at: source)
  }

  /// Whether the node runs logic of its own rather than routing to other reducers: `Reduce`,
  /// `BindingReducer`, and a feature that writes `reduce(into:action:)` itself.
  public var runsOwnLogic: Bool {
    switch kind {
    case .reduce, .binding: true
    case .feature: isHandWritten
    case .scope, .ifLet, .ifCaseLet, .presentation, .forEach, .stack: false
    }
  }

  /// Whether the node can change the state itself after the reducers it runs: `ifLet` and
  /// presentation (a dismissal sets the child state to nil), `forEach` (a removed element's
  /// effects); a feature's body and a `Scope` only run their reducers.
  public var actsAfterChildren: Bool {
    switch kind {
    case .ifLet, .ifCaseLet, .presentation, .forEach, .stack: true
    case .feature, .reduce, .binding, .scope: false
    }
  }

  /// The reducers this node ran (or builds) split as a location or a tree shows them. A
  /// modifier (`ifLet`, presentation's `ifLet`, `forEach`) wraps its parent reducer:
  /// `Reduce { … }.ifLet(\.$destination, …) { Destination() }` is one node whose reducers are
  /// `Destination` and the `Reduce`. Only those on the child's state are its own
  /// (`ifLet(destination) › TodoListFeature.Destination`); those on the modifier's own state
  /// are its parent's, shown beside it (`TodoListFeature › Reduce`). Other nodes keep all.
  ///
  /// A feature that presents itself runs on a state of the same type: the child's feature is
  /// its own too.
  ///
  /// - Parameters:
  ///   - reducers: the reducers, in order; `describe` gives each one's node and state type.
  ///   - state: the type of this node's state.
  public func split<Part>(
    _ reducers: [Part], state: Any.Type, describe: (Part) -> (node: ReducerNode, state: Any.Type)
  ) -> (own: [Part], parent: [Part]) {
    guard actsAfterChildren else { return (reducers, []) }
    var own: [Part] = []
    var parent: [Part] = []
    for reducer in reducers {
      let (node, type) = describe(reducer)
      let isChild =
        ObjectIdentifier(type) != ObjectIdentifier(state)
        || (node.kind == .feature
          && ObjectIdentifier(node.reducerType) == ObjectIdentifier(reducerType))
      if isChild { own.append(reducer) } else { parent.append(reducer) }
    }
    return (own, parent)
  }

  /// How the node is named in a location: `AppFeature`, `Reduce`, `BindingReducer`,
  /// `Scope(list)`, `ifLet(destination)`, `forEach(members)`.
  public let label: String

  /// The label and where the reducer is written, as a trace shows a reducer:
  /// `Reduce at Todos/TodoListFeature.swift:42`; the label alone when that is not known.
  /// Made with the node, which a tree built for tracing makes once.
  public let locatedLabel: String

  /// `text` (a name of this reducer) and where the reducer is written:
  /// `ifLet(destination) presentation at Todos/TodoListFeature.swift:80`; `text`
  /// alone when that is not known.
  public func located(_ text: String) -> String {
    Self.located(text, at: source)
  }

  private static func located(_ text: String, at source: SourceLine?) -> String {
    guard let source else { return text }
    return "\(text) at \(source)"
  }

  private static func label(kind: Kind, reducerType: Any.Type, path: String) -> String {
    switch kind {
    case .feature: TypeName.of(reducerType)
    case .reduce: "Reduce"
    case .binding: "BindingReducer"
    case .scope: "Scope(\(path))"
    case .ifLet, .presentation: "ifLet(\(path))"
    case .ifCaseLet: "ifCaseLet(\(path))"
    case .forEach, .stack: "forEach(\(path))"
    }
  }

  /// Whether a `.feature` node writes `reduce(into:action:)` itself (it has no body).
  public let isHandWritten: Bool

  /// A node routing to `child` through the property at `keyPath` (named as the key path
  /// prints it, `\State.list` → `list`) and the action case `actionCase`, written at `source`.
  @usableFromInline
  convenience init(
    _ kind: Kind, child: Any.Type, keyPath: AnyKeyPath, actionCase: String, source: SourceLine
  ) {
    self.init(
      kind: kind, reducerType: child,
      statePath: Self.propertyPath(keyPath) ?? actionCase, actionCase: actionCase,
      source: source)
  }

  /// The property names of a key path as it prints: `\State.list` → `list`,
  /// `\State.destination` → `destination`; nil when the names cannot be read.
  static func propertyPath(_ keyPath: AnyKeyPath) -> String? {
    let text = "\(keyPath)"
    guard text.hasPrefix("\\"), let dot = text.firstIndex(of: ".") else { return nil }
    let path = text[text.index(after: dot)...]
    return path.isEmpty || path.contains("<") ? nil : String(path)
  }
}
