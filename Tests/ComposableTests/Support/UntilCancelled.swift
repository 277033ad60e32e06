/// Suspends until the task is cancelled: the body of a long-living effect (TCA's `Task.never()`).
func untilCancelled() async throws {
  try await Task.sleep(for: .seconds(1_000_000_000))
}

extension Clock where Duration == Swift.Duration {
  /// Sleeps on this clock until the task is cancelled: a long-living effect in a test whose
  /// manual clock advances only once every effect is asleep on it.
  func untilCancelled() async throws {
    try await sleep(for: .seconds(1_000_000_000))
  }
}
