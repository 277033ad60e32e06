import DexPlatform

extension Reducer where Action: CasePathable {
  /// Runs `destination` on the presented child state while it is present.
  ///
  /// `.presented(action)` runs the child, then this reducer. `.dismiss` runs this reducer first,
  /// then sets the child state to nil (unless this reducer presented another child in its
  /// place) and cancels the child's running effects — also when the child dismisses itself with
  /// the `dismiss` dependency. The child's effects end whenever it goes away or is replaced.
  /// An ephemeral child (`AlertState`, `ConfirmationDialogState`, or a destination case holding
  /// one) is dismissed by any of its actions, after this reducer has seen it.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toDestination: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: KeyPath<
      Action.Cases, Case<Action, PresentationAction<DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    PresentationReducer(
      parent: self, toDestination: toDestination,
      toPresentationAction: Action.cases[keyPath: toPresentationAction],
      destination: destination(), source: SourceLine(fileID: fileID, line: line))
  }
}

/// The reducer presentation's `ifLet` builds.
public struct PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer
where Parent.Action: CasePathable, Destination.Action: Sendable & Codable {
  @usableFromInline let parent: Parent
  @usableFromInline let toDestination: WritableKeyPath<Parent.State, Destination.State?>
  @usableFromInline let toPresentationAction: Case<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let source: SourceLine

  @usableFromInline
  init(
    parent: Parent, toDestination: WritableKeyPath<Parent.State, Destination.State?>,
    toPresentationAction: Case<Parent.Action, PresentationAction<Destination.Action>>,
    destination: Destination, source: SourceLine
  ) {
    self.parent = parent
    self.toDestination = toDestination
    self.toPresentationAction = toPresentationAction
    self.destination = destination
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
        .presentation, child: Destination.self, keyPath: toDestination,
        actionCase: toPresentationAction.name, source: source)
    ) {
      let parent = parent.makeReduceFunction()
      // Built on the first child action: a feature may present itself.
      let child = LazyReduceFunction(destination)
      let toDestination = toDestination
      let extract = toPresentationAction.extract
      let embed = toPresentationAction.embed
      let identity = ChildIdentity<Destination.State>(location: toDestination)
      let isEphemeral = EphemeralCheck<Destination.State>().isEphemeral
      @Dependency(\.warnings) var warnings
      let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
        let idBefore = state[keyPath: toDestination].map(identity.id(of:))
        switch extract(action) {
        case .dismiss?:
          guard let idBefore else {
            warnings(
              """
              \(TypeName.of(Parent.Action.self)) received .dismiss while nothing is presented. \
              Nothing changed. Send it only while \(TypeName.of(Destination.State.self)) is set.
              """)
            return parent(&state, action)
          }
          let parentEffect = parent(&state, action)
          // The parent may have presented another child in its place: that one stays.
          if state[keyPath: toDestination].map(identity.id(of:)) == idBefore {
            state[keyPath: toDestination] = nil
          }
          return parentEffect.merge(with: .cancelChild(idBefore))
        case let .presented(childAction)?:
          guard let idBefore else {
            warnings(
              """
              \(TypeName.of(Parent.Action.self)) received \(warnings.text(of: childAction)) while \
              nothing is presented. Nothing changed. Present the child before sending it actions.
              """)
            return parent(&state, action)
          }
          let wasEphemeral = isEphemeral.flatMap { check in
            state[keyPath: toDestination].map(check)
          } ?? false
          let childEffect = child.function(&state[keyPath: toDestination]!, childAction)
            .map({ embed(.presented($0)) }, around: { send, body in
              await withDependencies {
                $0.dismiss = DismissEffect { await send(embed(.dismiss)) }
              } operation: {
                await body()
              }
            })
            .child(idBefore)
          let parentEffect = parent(&state, action)
          // An alert or dialog the parent left presented closes on any of its actions.
          if wasEphemeral, state[keyPath: toDestination].map(identity.id(of:)) == idBefore {
            state[keyPath: toDestination] = nil
          }
          // The child went away or another took its place: its effects end.
          return .merge(
            childEffect.merge(with: parentEffect), endingChild: idBefore,
            unlessStill: state[keyPath: toDestination].map(identity.id(of:)))
        case nil:
          let parentEffect = parent(&state, action)
          return .merge(
            parentEffect, endingChild: idBefore,
            unlessStill: state[keyPath: toDestination].map(identity.id(of:)))
        }
      }
      return reduce
    }
  }
}

extension PresentationReducer {
  public func makeChildPresence() -> ChildPresence<Parent.State> {
    let toDestination = toDestination
    let identity = ChildIdentity<Destination.State>(location: toDestination)
    let destination = destination
    return ChildPresence.child(
      at: toDestination, read: { state, _ in state[keyPath: toDestination] },
      identity: identity.id(of:), inner: { destination.makeChildPresence() }
    ).or(parent.makeChildPresence())
  }
}
