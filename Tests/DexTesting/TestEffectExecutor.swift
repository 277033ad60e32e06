import Dispatch

/// Runs a test store's effects on a serial queue of their own, never on the global pool that
/// every test of a parallel run shares: an effect of one test does not wait behind another
/// test's long synchronous work.
final class TestEffectExecutor: TaskExecutor, @unchecked Sendable {
  private let queue = DispatchQueue(label: "dex.test-store.effects")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  /// Waits for the job running now (and those queued before this call) to end: an effect that
  /// just sent its last action returns within it. Sleeping effects are not queued, so this
  /// never waits for them.
  func drain() {
    queue.sync {}
  }
}
