import DexPlatform

extension Reducer where Action: CasePathable {
  /// Runs `destination` on the element of a navigation stack an `.element(id:action:)` action
  /// names, before this reducer.
  ///
  /// `.push(id:state:)` pushes the state, then runs this reducer; `.popFrom(id:)` runs this
  /// reducer, then pops that element and every element above it — also when an element pops
  /// itself with the `dismiss` dependency. Each element's effects are its own (see
  /// `NavigationID`): they end when it is popped, whichever reducer popped it.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.Cases, Case<Action, StackAction<DestinationState, DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> StackForEachReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    StackForEachReducer(
      parent: self, toStack: toStack, toStackAction: Action.cases[keyPath: toStackAction],
      destination: destination(), source: SourceLine(fileID: fileID, line: line))
  }
}

/// The reducer a stack's `forEach` builds.
public struct StackForEachReducer<Parent: Reducer, Destination: Reducer>: Reducer
where
  Parent.Action: CasePathable, Destination.State: Sendable & Codable,
  Destination.Action: Sendable & Codable
{
  @usableFromInline let parent: Parent
  @usableFromInline let toStack: WritableKeyPath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    Case<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let source: SourceLine

  @usableFromInline
  init(
    parent: Parent, toStack: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: Case<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination, source: SourceLine
  ) {
    self.parent = parent
    self.toStack = toStack
    self.toStackAction = toStackAction
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
        .stack, child: Destination.self, keyPath: toStack, actionCase: toStackAction.name,
        source: source)
    ) {
      let parent = parent.makeReduceFunction()
      // Built on the first element action: a screen may push its own feature again.
      let element = LazyReduceFunction(destination)
      let toStack = toStack
      let extract = toStackAction.extract
      let embed = toStackAction.embed
      let warnings = StackWarnings<Parent.Action>(source: source)
      @Dependency(\.stackElementID) var stackElementID
      let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
        let idsBefore = state[keyPath: toStack].ids
        let parentEffect: Effect<Parent.Action>
        var elementEffect = Effect<Parent.Action>.none
        switch extract(action) {
        case let .element(id, elementAction)?:
          if let position = idsBefore.firstIndex(of: id) {
            elementEffect = element.function(&state[keyPath: toStack][position], elementAction)
              .map({ embed(.element(id: id, action: $0)) }, around: { send, body in
                await withDependencies {
                  $0.dismiss = DismissEffect { await send(embed(.popFrom(id: id))) }
                } operation: {
                  await body()
                }
              })
              .child(NavigationID(location: toStack, element: id))
          } else {
            warnings.missingElement(id, action: elementAction, ids: idsBefore)
          }
          parentEffect = parent(&state, action)
        case let .popFrom(id)?:
          parentEffect = parent(&state, action)
          if idsBefore.contains(id) {
            state[keyPath: toStack].pop(from: id)
          } else {
            warnings.missingPop(id, ids: idsBefore)
          }
        case let .push(id, pushed)?:
          guard !idsBefore.contains(id) else {
            warnings.pushedTwice(id, ids: idsBefore)
            return .none
          }
          let expected = stackElementID.peek()
          if id > expected {
            warnings.unexpectedPush(id, expected: expected)
          } else if id == expected {
            _ = stackElementID.next()
          }
          state[keyPath: toStack].push(pushed, id: id)
          parentEffect = parent(&state, action)
        case nil:
          parentEffect = parent(&state, action)
        }
        // Popped elements' effects end, whichever reducer popped them.
        return .merge(
          elementEffect, parentEffect, endingElements: idsBefore,
          missingFrom: state[keyPath: toStack].ids, at: toStack)
      }
      return reduce
    }
  }
}

extension StackForEachReducer {
  public func makeChildPresence() -> ChildPresence<Parent.State> {
    let toStack = toStack
    let destination = destination
    return ChildPresence.child(
      at: toStack,
      read: { state, step in
        (step.identity?.base as? StackElementID).flatMap { state[keyPath: toStack][id: $0] }
      },
      identity: nil, inner: { destination.makeChildPresence() }
    ).or(parent.makeChildPresence())
  }
}
