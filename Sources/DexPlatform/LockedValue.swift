#if DEX_TSAN
  import Glibc
#else
  import Synchronization
#endif

/// The package's one lock wrapper: a value of any type behind a mutex, shared by reference
/// between threads (globals, caches, a store's state, values captured by concurrent
/// closures). The value is only reached inside `withLock`; what leaves it is a copy the caller
/// owns, so a value that is not `Sendable` (a store's state) never escapes the lock.
///
/// Normal builds lock with Synchronization's `Mutex`. Under ThreadSanitizer (`DEX_TSAN=1`, set
/// by .ci/tsan) it is a pthread mutex instead: `Mutex`'s contended path waits on a futex inside
/// an uninstrumented library, so TSan sees no ordering between two holders and reports races
/// that cannot happen; a pthread mutex is one TSan intercepts. This is the package's one
/// sanitizer shim.
///
/// Inlinable, for code specialized in its caller's module (the store's send path, which holds
/// its locks inline as `Mutex`es and uses these only under ThreadSanitizer: see `StoreRuntime`).
@usableFromInline
package final class LockedValue<Value>: @unchecked Sendable {
  // Only touched while the lock is held, so the runtime's exclusivity check (a cost on every
  // access of a class's stored property) is not needed.
  @usableFromInline @exclusivity(unchecked) var value: Value
  #if DEX_TSAN
    @usableFromInline let handle: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    package init(_ value: Value) {
      self.value = value
      handle = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
      pthread_mutex_init(handle, nil)
    }

    deinit {
      pthread_mutex_destroy(handle)
      handle.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
      pthread_mutex_lock(handle)
      defer { pthread_mutex_unlock(handle) }
      return try body(&value)
    }
  #else
    // The mutex guards `value` rather than holding it: `Mutex.withLock` hands out its value as
    // `sending`, which a value that is not `Sendable` cannot be.
    @usableFromInline let mutex = Mutex(())

    @inlinable
    package init(_ value: Value) {
      self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
      var result: Result?
      try mutex.withLock { _ in result = try body(&value) }
      // Set: `withLock` ran the closure, which returned.
      return result.unsafelyUnwrapped
    }
  #endif
}
