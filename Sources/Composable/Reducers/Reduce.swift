/// A reducer written as a closure: `Reduce { state, action in … }`.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: ReduceFunction<State, Action>
  @usableFromInline let presence: ChildPresence<State>
  @usableFromInline let source: SourceLine

  /// A reducer that runs `reduce` for every action. `fileID` and `line` say where it is
  /// written, for a trace; leave them to their defaults.
  @inlinable
  public init(
    _ reduce: @escaping (inout State, Action) -> Effect<Action>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.reduce = reduce
    self.presence = .none
    self.source = SourceLine(fileID: fileID, line: line)
  }

  /// Wraps another reducer, erasing its type.
  @inlinable
  public init<R: Reducer>(
    _ reducer: R, fileID: StaticString = #fileID, line: UInt = #line
  ) where R.State == State, R.Action == Action {
    self.reduce = reducer.makeReduceFunction()
    self.presence = reducer.makeChildPresence()
    self.source = SourceLine(fileID: fileID, line: line)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> {
    ReducerTracing.instrument(
      as: ReducerNode(kind: .reduce, reducerType: Self.self, source: source)
    ) { reduce }
  }

  public func makeChildPresence() -> ChildPresence<State> { presence }
}
