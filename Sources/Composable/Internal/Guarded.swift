import Foundation

/// A value of any type (Sendable or not) behind a lock; the owner promises that the value never
/// escapes the lock except as a copy.
@usableFromInline
package final class Guarded<Value>: @unchecked Sendable {
  @usableFromInline let lock = NSLock()
  // Only touched under `lock`, so the runtime's exclusivity check (a cost on every access of
  // a class's stored property) is not needed.
  @usableFromInline @exclusivity(unchecked) var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  // Inlinable: the store's send path (specialized in the caller's module) reads the state here.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
