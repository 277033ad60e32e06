import DexPlatform

extension Reducer where Action: CasePathable {
  /// Runs `child` on optional child state while it is present, before this reducer.
  ///
  /// A child action that arrives while the state is nil is reported as a warning. When this
  /// reducer sets the child state to nil, the child's running effects are cancelled.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.Cases, Case<Action, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, toChild: toChild, toChildAction: Action.cases[keyPath: toChildAction],
      child: child())
  }
}

/// The reducer `ifLet` builds.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer where Parent.Action: CasePathable {
  @usableFromInline let parent: Parent
  @usableFromInline let toChild: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: Case<Parent.Action, Child.Action>
  @usableFromInline let child: Child

  @usableFromInline
  init(
    parent: Parent, toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: Case<Parent.Action, Child.Action>, child: Child
  ) {
    self.parent = parent
    self.toChild = toChild
    self.toChildAction = toChildAction
    self.child = child
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    makeReduceFunction()(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<Parent.State, Parent.Action> {
    let parent = parent.makeReduceFunction()
    let child = child.makeReduceFunction()
    let toChild = toChild
    let extract = toChildAction.extract
    let embed = toChildAction.embed
    let cancelID = ChildEffectID(path: toChild)
    @Dependency(\.warnings) var warnings
    let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
      var childEffect = Effect<Parent.Action>.none
      if let childAction = extract(action) {
        if state[keyPath: toChild] != nil {
          var effect = Effect<Child.Action>.none
          effect = child(&state[keyPath: toChild]!, childAction)
          childEffect = effect.map(embed).cancellable(id: cancelID)
        } else {
          warnings(
            """
            \(TypeName.of(Parent.Action.self)) received \(warnings.text(of: childAction)) while \
            \(TypeName.of(Child.State.self)) is nil. Nothing changed.
            """)
        }
      }
      let wasPresent = state[keyPath: toChild] != nil
      let parentEffect = parent(&state, action)
      if wasPresent, state[keyPath: toChild] == nil {
        return .merge(childEffect, parentEffect, .cancel(id: cancelID))
      }
      return childEffect.merge(with: parentEffect)
    }
    return ReducerTracing.instrument(
      reduce, as: ReducerNode(.ifLet, child: Child.self, keyPath: toChild, actionCase: toChildAction.name))
  }
}

/// The cancellation id of an optional child's effects.
@usableFromInline
struct ChildEffectID: Hashable, @unchecked Sendable {
  @usableFromInline let path: AnyKeyPath

  @inlinable
  init(path: AnyKeyPath) {
    self.path = path
  }
}
