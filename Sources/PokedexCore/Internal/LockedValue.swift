import Synchronization

/// A value behind a mutex, for the few globals and caches the core keeps.
final class LockedValue<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try mutex.withLock { value in try body(&value) }
  }
}
