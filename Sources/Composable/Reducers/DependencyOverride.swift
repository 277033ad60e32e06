extension Reducer {
  /// This reducer with one dependency overridden, for its reduce and for the effects it makes:
  /// `Scope(state: \.child, action: \.child) { Child().dependency(\.clock, ImmediateClock()) }`.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyOverrideReducer<Self> {
    DependencyOverrideReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer with one dependency changed from the value in force around it, for its reduce
  /// and for the effects it makes: `Child().transformDependency(\.todoClient) { $0.save =
  /// { _ in throw TodoError.offline } }` keeps the client's other endpoints.
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyOverrideReducer<Self> {
    DependencyOverrideReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer `dependency(_:_:)` and `transformDependency(_:transform:)` build.
public struct DependencyOverrideReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    makeReduceFunction()(&state, action)
  }

  public func makeReduceFunction() -> ReduceFunction<Base.State, Base.Action> {
    let base = base.makeReduceFunction()
    let update = update
    return { state, action in
      withDependencies(update) { base(&state, action) }
    }
  }

  public func makeChildPresence() -> ChildPresence<Base.State> { base.makeChildPresence() }
}
