import DexPlatform
import Dispatch
import Foundation

/// Where a session's effects run once a breakpoint is set: one serial queue whose jobs can be
/// held. When a breakpoint hits, no effect runs until `release()`, so the actions they would
/// send wait with them: the rest of the interrupted work, which `continue` delivers.
final class HoldingExecutor: TaskExecutor, Sendable {
  private struct Jobs {
    var isHolding = false
    var held: [UnownedJob] = []
  }

  private let queue = DispatchQueue(label: "dex.effects")
  private let jobs = LockedValue(Jobs())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let runs = jobs.withLock { jobs -> Bool in
      if jobs.isHolding { jobs.held.append(job) }
      return !jobs.isHolding
    }
    if runs { run(job) }
  }

  /// Keeps the jobs enqueued from now on until `release()`.
  func hold() {
    jobs.withLock { $0.isHolding = true }
  }

  /// Runs the jobs held, in order, and those enqueued from now on.
  func release() {
    let released = jobs.withLock { jobs -> [UnownedJob] in
      jobs.isHolding = false
      defer { jobs.held = [] }
      return jobs.held
    }
    for job in released { run(job) }
  }

  private func run(_ job: UnownedJob) {
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
