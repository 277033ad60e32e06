/// Builds a reducer from a list of reducers that run in order, their effects merged.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1> {
    ReducerSequence(first: accumulated, second: next)
  }

  /// A reducer held as an existential (`any ReducerOf<Feature>`) after others, run as a
  /// `Reduce`; a reducer of a known type keeps its type (this overload is the last choice).
  @_disfavoredOverload
  public static func buildPartialBlock<R0: Reducer>(
    accumulated: R0, next: any Reducer<State, Action>
  ) -> ReducerSequence<R0, Reduce<State, Action>> where R0.State == State, R0.Action == Action {
    ReducerSequence(first: accumulated, second: Reduce(next))
  }

  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// The reducer the block built, unchanged. A tree being built for tracing notes where the
  /// block is written (a feature's `var body`, see `ReducerTracing.buildingBody`); leave
  /// `fileID` and `line` to their defaults.
  @inlinable
  public static func buildFinalResult<R: Reducer>(
    _ reducer: R, fileID: StaticString = #fileID, line: UInt = #line
  ) -> R where R.State == State, R.Action == Action {
    ReducerTracing.noteBlock(at: SourceLine(fileID: fileID, line: line))
    return reducer
  }

  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(wrapped: reducer)
  }

  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> EitherReducer<First, Second> where First.State == State, First.Action == Action {
    .first(reducer)
  }

  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> EitherReducer<First, Second> where Second.State == State, Second.Action == Action {
    .second(reducer)
  }
}

/// Two reducers run one after the other; their effects are merged.
public struct ReducerSequence<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    return firstEffect.merge(with: second.reduce(into: &state, action: action))
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<First.State, First.Action> {
    let first = first.makeReduceFunction()
    let second = second.makeReduceFunction()
    return { state, action in
      let firstEffect = first(&state, action)
      return firstEffect.merge(with: second(&state, action))
    }
  }

  public func makeChildPresence() -> ChildPresence<First.State> {
    first.makeChildPresence().or(second.makeChildPresence())
  }
}

/// A reducer that does nothing.
public struct EmptyReducer<State, Action>: Reducer {
  /// A reducer that changes nothing and starts nothing.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> { { _, _ in .none } }
}

/// A reducer present or not, from an `if` without `else` in a builder.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<Wrapped.State, Wrapped.Action> {
    guard let wrapped else { return { _, _ in .none } }
    return wrapped.makeReduceFunction()
  }

  public func makeChildPresence() -> ChildPresence<Wrapped.State> {
    wrapped?.makeChildPresence() ?? .none
  }
}

/// One of two reducers, from an `if`/`else` in a builder.
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  case first(First)
  case second(Second)

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(reducer): reducer.reduce(into: &state, action: action)
    case let .second(reducer): reducer.reduce(into: &state, action: action)
    }
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<First.State, First.Action> {
    switch self {
    case let .first(reducer): reducer.makeReduceFunction()
    case let .second(reducer): reducer.makeReduceFunction()
    }
  }

  public func makeChildPresence() -> ChildPresence<First.State> {
    switch self {
    case let .first(reducer): reducer.makeChildPresence()
    case let .second(reducer): reducer.makeChildPresence()
    }
  }
}
