extension Reducer {
  /// This reducer with one dependency overridden, for its reduce and for the effects it makes:
  /// `Scope(state: \.child, action: \.child) { Child().dependency(\.clock, ImmediateClock()) }`.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyOverrideReducer<Self> {
    DependencyOverrideReducer(base: self) { $0[keyPath: keyPath] = value }
  }
}

/// The reducer `dependency(_:_:)` builds.
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
