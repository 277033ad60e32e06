import Dispatch
import Foundation

/// Where a session's effects run once a breakpoint is set: one serial queue whose jobs can be
/// held. When a breakpoint hits, no effect runs until `release()`, so the actions they would
/// send wait with them: the rest of the interrupted work, which `continue` delivers.
final class HoldingExecutor: TaskExecutor, @unchecked Sendable {
  private let queue = DispatchQueue(label: "dex.effects")
  private let lock = NSLock()
  private var isHolding = false
  private var held: [UnownedJob] = []

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let runs = lock.withLock { () -> Bool in
      if isHolding { held.append(job) }
      return !isHolding
    }
    if runs { run(job) }
  }

  /// Keeps the jobs enqueued from now on until `release()`.
  func hold() {
    lock.withLock { isHolding = true }
  }

  /// Runs the jobs held, in order, and those enqueued from now on.
  func release() {
    let jobs = lock.withLock { () -> [UnownedJob] in
      isHolding = false
      defer { held = [] }
      return held
    }
    for job in jobs { run(job) }
  }

  private func run(_ job: UnownedJob) {
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
