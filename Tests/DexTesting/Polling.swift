/// Tries `attempt` every millisecond until it returns an outcome or `timeout` passes; nil when
/// the time ran out. The one loop in which the testing tools wait for what effects do (a
/// received action, a waiting call, every effect finished).
func poll<Outcome>(timeout: Duration, _ attempt: () async -> Outcome?) async -> Outcome? {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while true {
    if let outcome = await attempt() { return outcome }
    if clock.now >= deadline { return nil }
    try? await Task.sleep(for: .milliseconds(1))
  }
}
