import DexPlatform

/// A clock that moves only when told (`advance(by:)`), so debounces and timeouts can be tested
/// step by step. Sleepers wake in deadline order.
public final class ManualClock: Clock, @unchecked Sendable {
  /// A point in the clock's time: the duration since it started.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    let offset: Duration

    /// The clock's start.
    public static let zero = Instant(offset: .zero)

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let isEffect: Bool
    /// The store's number of the effect task sleeping (0: not a store effect).
    let taskID: UInt64
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Timeline {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// Store effects running with this clock, and how many of them are asleep on it.
    var activeEffects = 0
    var parkedEffects = 0
  }

  private let timeline = LockedValue(Timeline())

  /// A clock at time zero with no sleepers.
  public init() {}

  public var now: Instant { timeline.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock, waiting for it to advance.
  public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

  /// When each sleeper wakes, earliest first.
  public var deadlines: [Instant] { timeline.withLock { $0.sleepers.map(\.deadline).sorted() } }

  /// The nearest deadline among the sleepers, if any.
  public var nextDeadline: Instant? { timeline.withLock { $0.sleepers.map(\.deadline).min() } }

  /// When the store effect task `taskID` (`RunningEffect.id`) wakes, if it sleeps on this
  /// clock.
  package func deadline(ofEffectTask taskID: UInt64) -> Instant? {
    timeline.withLock { $0.sleepers.first { $0.taskID == taskID && taskID != 0 }?.deadline }
  }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let isEffect = EffectTaskContext.isRunningEffect
    let taskID = EffectTaskContext.taskID
    let id = timeline.withLock { timeline -> UInt64 in
      timeline.nextID += 1
      return timeline.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = timeline.withLock { timeline -> Bool in
          if deadline <= timeline.now { return true }
          timeline.sleepers.append(
            Sleeper(
              id: id, deadline: deadline, isEffect: isEffect, taskID: taskID,
              continuation: continuation))
          // Counted as parked until popped: the store effect is asleep until the clock moves.
          if isEffect { timeline.parkedEffects += 1 }
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let sleeper = timeline.withLock { timeline -> Sleeper? in
        guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        let sleeper = timeline.sleepers.remove(at: index)
        if sleeper.isEffect { timeline.parkedEffects -= 1 }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Whether every store effect using this clock is asleep on it (or there are none): nothing
  /// will happen until the clock advances.
  public var isQuiescent: Bool {
    timeline.withLock { $0.activeEffects <= $0.parkedEffects }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline has come, earliest
  /// first. Before and after each wake-up it waits until the store effects using this clock
  /// have run up to their next sleep or finished, so tests and scripts step deterministically.
  public func advance(by duration: Duration) async {
    await settle()
    let target = timeline.withLock { $0.now.advanced(by: duration) }
    while let sleeper = popSleeper(notAfter: target) {
      sleeper.continuation.resume()
      await settle()
    }
    timeline.withLock { $0.now = max($0.now, target) }
  }

  /// Waits (up to `timeout` of real time) until every store effect using this clock is asleep
  /// on it or finished.
  public func settle(timeout: Duration = .seconds(2)) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var spins = 0
    while !isQuiescent, clock.now < deadline {
      spins += 1
      if spins < 100 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .microseconds(100))
      }
    }
  }

  /// Counts a store effect as asleep while it waits for something only the host can give (an
  /// answer to a pending call), as if it slept on this clock.
  func parkEffect() {
    timeline.withLock { $0.parkedEffects += 1 }
  }

  /// Counts it running again.
  func unparkEffect() {
    timeline.withLock { $0.parkedEffects -= 1 }
  }

  func effectStarted() {
    timeline.withLock { $0.activeEffects += 1 }
  }

  func effectEnded() {
    timeline.withLock { $0.activeEffects -= 1 }
  }

  /// Wakes every sleeper now, whatever its deadline.
  public func run() async {
    while let deadline = nextDeadline {
      await advance(by: now.duration(to: deadline))
    }
  }

  private func popSleeper(notAfter target: Instant) -> Sleeper? {
    timeline.withLock { timeline in
      guard
        let index = timeline.sleepers.indices
          .filter({ timeline.sleepers[$0].deadline <= target })
          .min(by: { timeline.sleepers[$0].deadline < timeline.sleepers[$1].deadline })
      else { return nil }
      let sleeper = timeline.sleepers.remove(at: index)
      if sleeper.isEffect { timeline.parkedEffects -= 1 }
      timeline.now = max(timeline.now, sleeper.deadline)
      return sleeper
    }
  }
}
