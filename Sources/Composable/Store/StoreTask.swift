import DexPlatform

/// The effects started by one `send`: awaited with `finish()`, stopped with `cancel()`.
///
/// It covers the sent action, the effects it started, the actions those effects sent back, and
/// their effects in turn, so `await store.send(.onAppear).finish()` returns once the page has
/// loaded and been processed.
public struct StoreTask: Sendable {
  @usableFromInline let tracker: EffectTracker

  @inlinable
  init(tracker: EffectTracker) {
    self.tracker = tracker
  }

  /// Waits until every effect this send caused has finished.
  public func finish() async {
    await tracker.waitUntilIdle()
  }

  /// Cancels every effect this send caused that is still running.
  public func cancel() {
    tracker.cancelAll()
  }

  /// Whether every effect this send caused has finished.
  public var isFinished: Bool { tracker.isIdle }

  /// Blocks the calling thread until every effect finished or `timeout` passed; true when they
  /// finished. For threads that are not in async code (a command-line tool's main thread).
  public func wait(timeout: Duration) -> Bool {
    tracker.blockUntilIdle(timeout: timeout)
  }

  /// Blocks the calling thread until every effect this send caused has finished or `settled`
  /// holds (say, every effect is asleep on a manual clock); false when `interrupted` stopped
  /// the wait first. For a command-line host's main thread and for replaying scripts.
  public func waitUntilSettled(
    _ settled: () -> Bool, interrupted: () -> Bool = { false }
  ) -> Bool {
    // A finishing effect wakes the wait at once; an effect falling asleep on a clock signals
    // nothing, so `settled` is asked again soon, then less and less often (a debounced search
    // settles in microseconds, not in a fixed 20 ms poll).
    var pause = Duration.microseconds(50)
    while !isFinished, !settled() {
      if interrupted() { return false }
      _ = wait(timeout: pause)
      pause = min(pause * 2, .milliseconds(20))
    }
    return true
  }
}

/// Counts the work one `send` caused that has not finished: queued actions and running tasks.
@usableFromInline
final class EffectTracker: Sendable {
  private struct Work {
    var pending = 1
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// Made when a thread first blocks on this tracker (most sends are never waited on).
    var idle: Condition?
  }

  private let work = LockedValue(Work())

  /// A tracker whose work is already done: the one every send shares that started no effect.
  @usableFromInline
  static let finished: EffectTracker = {
    let tracker = EffectTracker()
    tracker.end()
    return tracker
  }()

  /// A tracker counting one action, the one being sent.
  @usableFromInline
  init() {}

  var isIdle: Bool { work.withLock { $0.pending == 0 } }

  @usableFromInline
  func begin() {
    work.withLock { $0.pending += 1 }
  }

  @usableFromInline
  func end() {
    let (waiters, idle) = work.withLock { work -> ([CheckedContinuation<Void, Never>], Condition?) in
      work.pending -= 1
      guard work.pending == 0 else { return ([], nil) }
      defer { work.waiters = [] }
      return (work.waiters, work.idle)
    }
    idle?.signalAll()
    for waiter in waiters { waiter.resume() }
  }

  func track(_ task: Task<Void, Never>, id: UInt64) {
    work.withLock { $0.tasks[id] = task }
  }

  func untrack(id: UInt64) {
    _ = work.withLock { $0.tasks.removeValue(forKey: id) }
  }

  func cancelAll() {
    let tasks = work.withLock { Array($0.tasks.values) }
    for task in tasks { task.cancel() }
  }

  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let done = work.withLock { work -> Bool in
        if work.pending == 0 { return true }
        work.waiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  func blockUntilIdle(timeout: Duration) -> Bool {
    let idle = work.withLock { work -> Condition in
      if let idle = work.idle { return idle }
      let made = Condition()
      work.idle = made
      return made
    }
    return idle.wait(until: { self.isIdle }, timeout: timeout)
  }
}
