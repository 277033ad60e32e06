import Dispatch

/// When a shared file's changes are written: the first change after a quiet spell at once, the
/// ones that follow a write within `coalescingDelay` together after it. `now` is the clock the
/// spell is measured on; a test moves it on to stand for a quiet spell without waiting for one.
package struct FileWriteTiming: Sendable {
  /// How long changes gather after a write before the next write.
  package var coalescingDelay: Duration
  /// The time now, as the spell between writes is measured.
  package var now: @Sendable () -> ContinuousClock.Instant

  package init(
    coalescingDelay: Duration = .milliseconds(20),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    self.coalescingDelay = coalescingDelay
    self.now = now
  }

  /// How long to wait before writing a change made now, the last write having been made at
  /// `lastWrite` (nil: none yet): nothing after a quiet spell, the rest of the delay within it.
  func wait(after lastWrite: ContinuousClock.Instant?) -> DispatchTimeInterval {
    guard let lastWrite else { return .nanoseconds(0) }
    let left = lastWrite + coalescingDelay - now()
    guard left > .zero else { return .nanoseconds(0) }
    let (seconds, attoseconds) = left.components
    let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .never }
    return .nanoseconds(Int(nanoseconds) + Int(attoseconds / 1_000_000_000))
  }
}
