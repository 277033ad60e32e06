/// Where a store runs its effects' tasks: the global concurrent executor unless overridden.
///
/// A test store overrides it with an executor of its own, so its effects never wait behind
/// other tests that hold the few threads of the global pool.
extension DependencyValues {
  package var effectExecutor: (any TaskExecutor)? {
    get { self[EffectExecutorKey.self] }
    set { self[EffectExecutorKey.self] = newValue }
  }
}

private enum EffectExecutorKey: DependencyKey {
  static var liveValue: (any TaskExecutor)? { nil }
  static var testValue: (any TaskExecutor)?? { .some(nil) }
}
