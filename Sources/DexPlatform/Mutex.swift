#if DEX_TSAN
import Glibc

/// Built only under ThreadSanitizer (`DEX_TSAN=1`, see .ci/tsan): stands in for
/// Synchronization's `Mutex`, whose contended path waits on a futex inside an uninstrumented
/// library, so TSan sees no ordering between two holders and reports races that cannot happen.
/// A pthread mutex is one TSan intercepts. Normal builds use Synchronization's `Mutex`.
/// `@usableFromInline`: the store's inlinable send path locks its queue with it.
@usableFromInline
package final class Mutex<Value>: @unchecked Sendable {
  private let handle = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(handle, nil)
  }

  deinit {
    pthread_mutex_destroy(handle)
    handle.deallocate()
  }

  @usableFromInline
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(handle)
    defer { pthread_mutex_unlock(handle) }
    return try body(&value)
  }
}
#endif
