import DexPlatform

extension Reducer where Action: CasePathable {
  /// Runs `destination` on the presented child state while it is present.
  ///
  /// `.presented(action)` runs the child, then this reducer. `.dismiss` runs this reducer first,
  /// then sets the child state to nil and cancels the child's running effects — also when the
  /// child dismisses itself with the `dismiss` dependency.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toDestination: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: KeyPath<
      Action.Cases, Case<Action, PresentationAction<DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    PresentationReducer(
      parent: self, toDestination: toDestination,
      toPresentationAction: Action.cases[keyPath: toPresentationAction],
      destination: destination())
  }
}

/// The reducer presentation's `ifLet` builds.
public struct PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer
where Parent.Action: CasePathable, Destination.Action: Sendable & Codable {
  @usableFromInline let parent: Parent
  @usableFromInline let toDestination: WritableKeyPath<Parent.State, Destination.State?>
  @usableFromInline let toPresentationAction: Case<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let destination: Destination

  @usableFromInline
  init(
    parent: Parent, toDestination: WritableKeyPath<Parent.State, Destination.State?>,
    toPresentationAction: Case<Parent.Action, PresentationAction<Destination.Action>>,
    destination: Destination
  ) {
    self.parent = parent
    self.toDestination = toDestination
    self.toPresentationAction = toPresentationAction
    self.destination = destination
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    makeReduceFunction()(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<Parent.State, Parent.Action> {
    let parent = parent.makeReduceFunction()
    let child = destination.makeReduceFunction()
    let toDestination = toDestination
    let extract = toPresentationAction.extract
    let embed = toPresentationAction.embed
    let cancelID = ChildEffectID(path: toDestination)
    @Dependency(\.warnings) var warnings
    let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
      let wasPresented = state[keyPath: toDestination] != nil
      switch extract(action) {
      case .dismiss?:
        let parentEffect = parent(&state, action)
        state[keyPath: toDestination] = nil
        return wasPresented ? parentEffect.merge(with: .cancel(id: cancelID)) : parentEffect
      case let .presented(childAction)?:
        guard wasPresented else {
          warnings(
            """
            \(TypeName.of(Parent.Action.self)) received \(warnings.text(of: childAction)) while nothing is \
            presented. Nothing changed.
            """)
          return parent(&state, action)
        }
        let childEffect = child(&state[keyPath: toDestination]!, childAction)
          .map({ embed(.presented($0)) }, around: { send, body in
            await withDependencies {
              $0.dismiss = DismissEffect { await send(embed(.dismiss)) }
            } operation: {
              await body()
            }
          })
          .cancellable(id: cancelID)
        let parentEffect = parent(&state, action)
        return finish(childEffect.merge(with: parentEffect), &state)
      case nil:
        return finish(parent(&state, action), &state)
      }

      func finish(_ effect: Effect<Parent.Action>, _ state: inout Parent.State) -> Effect<Parent.Action> {
        wasPresented && state[keyPath: toDestination] == nil
          ? effect.merge(with: .cancel(id: cancelID)) : effect
      }
    }
    return ReducerTracing.instrument(
      reduce,
      as: ReducerNode(
        .presentation, child: Destination.self, keyPath: toDestination,
        actionCase: toPresentationAction.name))
  }
}
