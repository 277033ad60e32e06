#if canImport(Glibc)
  import Glibc
#endif
import Foundation

/// A condition a thread can block on until a predicate holds, woken by `signalAll()`: the one
/// way threads of the package wait for one another.
package final class Condition: @unchecked Sendable {
  private let condition = NSCondition()

  package init() {}

  /// Wakes every waiting thread so that it checks its predicate again.
  package func signalAll() {
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks until `predicate` is true or `timeout` passes; returns the predicate's last value.
  package func wait(until predicate: () -> Bool, timeout: Duration) -> Bool {
    let seconds = Double(timeout.components.seconds)
      + Double(timeout.components.attoseconds) / 1e18
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while !predicate() {
      if !condition.wait(until: deadline) { return predicate() }
    }
    return true
  }
}
