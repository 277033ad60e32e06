/// A reducer written as a closure: `Reduce { state, action in … }`.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: ReduceFunction<State, Action>
  @usableFromInline let presence: ChildPresence<State>

  /// A reducer that runs `reduce` for every action.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.reduce = reduce
    self.presence = .none
  }

  /// Wraps another reducer, erasing its type.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = reducer.makeReduceFunction()
    self.presence = reducer.makeChildPresence()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> {
    ReducerTracing.instrument(as: ReducerNode(kind: .reduce, reducerType: Self.self)) { reduce }
  }

  public func makeChildPresence() -> ChildPresence<State> { presence }
}
