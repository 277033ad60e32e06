import Synchronization

/// A `Sendable` value behind a mutex, shared by threads: globals, caches and values captured by
/// concurrent closures. (Composable's `Guarded` is the lock around a value that need not be
/// `Sendable`, the store's state.)
package final class LockedValue<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  package init(_ value: Value) {
    mutex = Mutex(value)
  }

  package func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try mutex.withLock { value in try body(&value) }
  }
}
