extension Reducer {
  /// Runs the reducers `reducer` builds from a value's old and new values whenever this
  /// reducer changed the value, after it, on the same action:
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldQuery, newQuery in
  ///     Reduce { state, _ in
  ///       state.page = 0
  ///       return .none
  ///     }
  ///   }
  /// ```
  ///
  /// Their effects are merged with this reducer's. An action that leaves the value as it was
  /// runs nothing more.
  public func onChange<Value: Equatable, Reducers: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (
      _ oldValue: Value, _ newValue: Value
    ) -> Reducers
  ) -> OnChangeReducer<Self, Value, Reducers> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Like `onChange(of:_:)` for a value that is not `Equatable`: `removeDuplicates` says when
  /// two values count as the same.
  public func onChange<Value, Reducers: Reducer>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (
      _ oldValue: Value, _ newValue: Value
    ) -> Reducers
  ) -> OnChangeReducer<Self, Value, Reducers> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer `onChange(of:_:)` builds.
public struct OnChangeReducer<Base: Reducer, Value, Reducers: Reducer>: Reducer
where Reducers.State == Base.State, Reducers.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Reducers

  @usableFromInline
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Reducers
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    makeReduceFunction()(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<Base.State, Base.Action> {
    let base = base.makeReduceFunction()
    let toValue = toValue
    let isDuplicate = isDuplicate
    let reducer = reducer
    // In a tree built for tracing, the reducers built on a change report as its other
    // reducers do.
    let isTraced = ReducerTracing.isBuilding
    return { state, action in
      let oldValue = toValue(state)
      let baseEffect = base(&state, action)
      let newValue = toValue(state)
      guard !isDuplicate(oldValue, newValue) else { return baseEffect }
      let reducers = reducer(oldValue, newValue)
      let changeEffect =
        isTraced
        ? ReducerTracing.buildingTraced { reducers.makeReduceFunction() }(&state, action)
        : reducers.reduce(into: &state, action: action)
      return baseEffect.merge(with: changeEffect)
    }
  }

  public func makeChildPresence() -> ChildPresence<Base.State> { base.makeChildPresence() }
}
