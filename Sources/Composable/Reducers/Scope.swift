import DexPlatform

/// Runs a child reducer on a part of the parent's state and on the parent's action case that
/// carries the child's actions: `Scope(state: \.counter, action: \.counter) { CounterFeature() }`.
public struct Scope<ParentState, ParentAction: CasePathable, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case enumCase(Case<ParentState, Child.State>)
  }

  @usableFromInline let toState: StatePath
  @usableFromInline let toAction: Case<ParentAction, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let source: SourceLine

  /// Scopes to the stored property at `toState`. `fileID` and `line` say where it is written,
  /// for a trace; leave them to their defaults.
  public init<ChildState, ChildAction>(
    state toState: WritableKeyPath<ParentState, ChildState>,
    action toAction: KeyPath<ParentAction.Cases, Case<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, line: UInt = #line
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.toState = .keyPath(toState)
    self.toAction = ParentAction.cases[keyPath: toAction]
    self.child = child()
    self.source = SourceLine(fileID: fileID, line: line)
  }

  /// Scopes to one case of an enum state (a destination): the child runs only while the parent
  /// is in that case.
  public init<ChildState, ChildAction>(
    state toState: KeyPath<ParentState.Cases, Case<ParentState, ChildState>>,
    action toAction: KeyPath<ParentAction.Cases, Case<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, line: UInt = #line
  ) where ParentState: StateCasePathable, Child.State == ChildState, Child.Action == ChildAction {
    self.toState = .enumCase(ParentState.cases[keyPath: toState])
    self.toAction = ParentAction.cases[keyPath: toAction]
    self.child = child()
    self.source = SourceLine(fileID: fileID, line: line)
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    makeReduceFunction()(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<ParentState, ParentAction> {
    let extract = toAction.extract
    let embed = toAction.embed
    switch toState {
    case let .keyPath(keyPath):
      return ReducerTracing.instrument(
        as: ReducerNode(
          .scope, child: Child.self, keyPath: keyPath, actionCase: toAction.name, source: source),
        passing: { extract($0) == nil }
      ) {
        let child = child.makeReduceFunction()
        return { state, action in
          guard let childAction = extract(action) else { return .none }
          let effect = child(&state[keyPath: keyPath], childAction)
          return effect.isNone ? .none : effect.map(embed)
        }
      }
    case let .enumCase(stateCase):
      @Dependency(\.warnings) var warnings
      return ReducerTracing.instrument(
        as: ReducerNode(
          kind: .scope, reducerType: Child.self, statePath: stateCase.name,
          actionCase: toAction.name, source: source),
        passing: { extract($0) == nil }
      ) {
        let child = child.makeReduceFunction()
        return { state, action in
          guard let childAction = extract(action) else { return .none }
          guard var childState = stateCase.extract(state) else {
            warnings(
              """
              \(TypeName.of(ParentAction.self)) received \(warnings.text(of: childAction)) while \
              \(TypeName.of(ParentState.self)) is in another case than \
              \(TypeName.of(Child.State.self)). Nothing changed. Send a case's actions only \
              while the state is in that case, and cancel its effects when it leaves it.
              """)
            return .none
          }
          let effect = child(&childState, childAction)
          state = stateCase.embed(childState)
          return effect.map(embed)
        }
      }
    }
  }
}

extension Scope {
  public func makeChildPresence() -> ChildPresence<ParentState> {
    let child = child.makeChildPresence()
    switch toState {
    case let .keyPath(keyPath):
      return ChildPresence { state, path in child.check(state[keyPath: keyPath], path) }
    case let .enumCase(stateCase):
      return ChildPresence { state, path in stateCase.extract(state).flatMap { child.check($0, path) } }
    }
  }
}

/// An enum state whose cases are listed in a table (a `Destination.State`), so `Scope` can
/// reach into one case. Name it in the enum's inheritance clause; the table is generated.
public protocol StateCasePathable {
  /// A struct with one `Case` property per case.
  associatedtype Cases
  /// The typed cases.
  static var cases: Cases { get }
  /// The position of `value`'s case among `cases`: an exhaustive `switch`, with which the
  /// compiler checks that the table lists every case.
  static func caseIndex(of value: Self) -> Int
}
