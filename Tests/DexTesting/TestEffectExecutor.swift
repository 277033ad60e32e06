import Dispatch
import Synchronization

/// Runs a test store's effects on a serial queue of their own, never on the global pool that
/// every test of a parallel run shares: an effect of one test does not wait behind another
/// test's long synchronous work.
final class TestEffectExecutor: TaskExecutor, @unchecked Sendable {
  private let queue = DispatchQueue(label: "dex.test-store.effects")
  /// How many jobs were ever queued: a pass of `settle()` that saw none queued meanwhile ends it.
  private let queuedJobs = Atomic<Int>(0)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queuedJobs.add(1, ordering: .relaxed)
    queue.async { job.runSynchronously(on: executor) }
  }

  /// Waits for the job running now (and those queued before this call) to end: an effect that
  /// just sent its last action returns within it. Sleeping effects are not queued, so this
  /// never waits for them.
  func drain() {
    queue.sync {}
  }

  /// Lets the effects that can run now run until none can (each is asleep, waiting for
  /// something from outside, or finished), at most `passes` rounds of the queue: the actions
  /// they send are then processed. An effect asleep on a clock is not woken.
  func settle(passes: Int = 1_000) async {
    for _ in 0..<passes {
      let queuedBefore = queuedJobs.load(ordering: .relaxed)
      await withCheckedContinuation { continuation in
        queue.async { continuation.resume() }
      }
      if queuedJobs.load(ordering: .relaxed) == queuedBefore { return }
    }
  }
}
