import Foundation

/// A value of any type (Sendable or not) behind a lock; the owner promises that the value never
/// escapes the lock except as a copy.
package final class Guarded<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
