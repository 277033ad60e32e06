import Synchronization

/// A value behind a mutex, shared by threads: the package's one lock wrapper for globals, caches
/// and values captured by concurrent closures.
package final class LockedValue<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  package init(_ value: Value) {
    mutex = Mutex(value)
  }

  package func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try mutex.withLock { value in try body(&value) }
  }
}
