import DexPlatform

extension Reducer where Action: CasePathable {
  /// Runs `child` on optional child state while it is present, before this reducer.
  ///
  /// A child action that arrives while the state is nil is reported as a warning. The child's
  /// effects are its own (see `NavigationID`): they end when the child state becomes nil or
  /// holds a child of another id, whichever reducer did it.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.Cases, Case<Action, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, toChild: toChild, toChildAction: Action.cases[keyPath: toChildAction],
      child: child(), source: SourceLine(fileID: fileID, line: line))
  }
}

/// The reducer `ifLet` builds.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer where Parent.Action: CasePathable {
  @usableFromInline let parent: Parent
  @usableFromInline let toChild: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: Case<Parent.Action, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let source: SourceLine

  @usableFromInline
  init(
    parent: Parent, toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: Case<Parent.Action, Child.Action>, child: Child, source: SourceLine
  ) {
    self.parent = parent
    self.toChild = toChild
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
        .ifLet, child: Child.self, keyPath: toChild, actionCase: toChildAction.name,
        source: source)
    ) {
      let parent = parent.makeReduceFunction()
      // Built on the first child action: a child may contain its parent's feature again.
      let child = LazyReduceFunction(child)
      let toChild = toChild
      let extract = toChildAction.extract
      let embed = toChildAction.embed
      let identity = ChildIdentity<Child.State>(location: toChild)
      @Dependency(\.warnings) var warnings
      let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
        let idBefore = state[keyPath: toChild].map(identity.id(of:))
        var childEffect = Effect<Parent.Action>.none
        if let childAction = extract(action) {
          if let idBefore {
            childEffect = child.function(&state[keyPath: toChild]!, childAction)
              .map(embed).child(idBefore)
          } else {
            warnings(
              """
              \(TypeName.of(Parent.Action.self)) received \(warnings.text(of: childAction)) while \
              \(TypeName.of(Child.State.self)) is nil. Nothing changed. Set the child state before \
              sending it actions, and cancel its effects before setting it to nil.
              """)
          }
        }
        let parentEffect = parent(&state, action)
        // The child went away or another took its place (by its own action or the parent's):
        // its effects end.
        return .merge(
          childEffect, parentEffect, endingChild: idBefore,
          unlessStill: state[keyPath: toChild].map(identity.id(of:)))
      }
      return reduce
    }
  }
}

extension IfLetReducer {
  public func makeChildPresence() -> ChildPresence<Parent.State> {
    let toChild = toChild
    let identity = ChildIdentity<Child.State>(location: toChild)
    let child = child
    return ChildPresence.child(
      at: toChild, read: { state, _ in state[keyPath: toChild] }, identity: identity.id(of:),
      inner: { child.makeChildPresence() }
    ).or(parent.makeChildPresence())
  }
}
