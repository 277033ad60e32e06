/// Groups reducers so that an operator such as `.ifLet` applies to all of them.
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Runs the built reducers in order.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> {
    reducers.makeReduceFunction()
  }

  public func makeChildPresence() -> ChildPresence<State> { reducers.makeChildPresence() }
}
