import DexPlatform

extension Reducer where State: StateCasePathable, Action: CasePathable {
  /// Runs `child` on one case of this reducer's enum state while the state is in that case,
  /// before this reducer: `.ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedInFeature() }`.
  ///
  /// A child action that arrives while the state is in another case is reported as a warning.
  /// The child's effects are its own (see `NavigationID`): they end when the state leaves the
  /// case, or holds a child of another id in it (an `Identifiable` child), whichever reducer
  /// did it. `Scope(state:action:)` on a case runs the child too, without owning its effects.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: KeyPath<State.Cases, Case<State, ChildState>>,
    action toChildAction: KeyPath<Action.Cases, Case<Action, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> IfCaseLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfCaseLetReducer(
      parent: self, location: toChildState, toChildState: State.cases[keyPath: toChildState],
      toChildAction: Action.cases[keyPath: toChildAction], child: child(),
      source: SourceLine(fileID: fileID, line: line))
  }
}

/// The reducer `ifCaseLet` builds.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.State: StateCasePathable, Parent.Action: CasePathable {
  @usableFromInline let parent: Parent
  /// The case's key path in the state's table: where the child is, for its `NavigationID`.
  @usableFromInline let location: AnyKeyPath
  @usableFromInline let toChildState: Case<Parent.State, Child.State>
  @usableFromInline let toChildAction: Case<Parent.Action, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let source: SourceLine

  @usableFromInline
  init(
    parent: Parent, location: AnyKeyPath, toChildState: Case<Parent.State, Child.State>,
    toChildAction: Case<Parent.Action, Child.Action>, child: Child, source: SourceLine
  ) {
    self.parent = parent
    self.location = location
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
    self.source = source
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    makeReduceFunction()(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<Parent.State, Parent.Action> {
    return ReducerTracing.instrument(
      as: ReducerNode(
        kind: .ifCaseLet, reducerType: Child.self, statePath: toChildState.name,
        actionCase: toChildAction.name, source: source)
    ) {
      let parent = parent.makeReduceFunction()
      // Built on the first child action: a child may contain its parent's feature again.
      let child = LazyReduceFunction(child)
      let toChildState = toChildState
      let extract = toChildAction.extract
      let embed = toChildAction.embed
      let identity = ChildIdentity<Child.State>(location: location)
      @Dependency(\.warnings) var warnings
      let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
        let childBefore = toChildState.extract(state)
        let idBefore = childBefore.map(identity.id(of:))
        var childEffect = Effect<Parent.Action>.none
        if let childAction = extract(action) {
          if let idBefore, var childState = childBefore {
            childEffect = child.function(&childState, childAction).map(embed).child(idBefore)
            state = toChildState.embed(childState)
          } else {
            warnings(
              """
              \(TypeName.of(Parent.Action.self)) received \(warnings.text(of: childAction)) while \
              \(TypeName.of(Parent.State.self)) is in another case than .\(toChildState.name). \
              Nothing changed. Send a case's actions only while the state is in that case, and \
              cancel its effects before the state leaves it.
              """)
          }
        }
        let parentEffect = parent(&state, action)
        // The state left the case or holds another child in it (by the child's own action or
        // the parent's): the child's effects end.
        return .merge(
          childEffect, parentEffect, endingChild: idBefore,
          unlessStill: toChildState.extract(state).map(identity.id(of:)))
      }
      return reduce
    }
  }
}

extension IfCaseLetReducer {
  public func makeChildPresence() -> ChildPresence<Parent.State> {
    let toChildState = toChildState
    let identity = ChildIdentity<Child.State>(location: location)
    let child = child
    return ChildPresence.child(
      at: location, read: { state, _ in toChildState.extract(state) }, identity: identity.id(of:),
      inner: { child.makeChildPresence() }
    ).or(parent.makeChildPresence())
  }
}
