import DexPlatform
import Foundation

/// The building of dependency values, and the wait for it.
///
/// The first use of a key's value in a context (live, preview or test) builds it holding one
/// process-wide lock; later uses read it without the lock. Making a keyed `@Shared` waits for
/// the builds under way on other threads, so a shared value that a dependency sets while it is
/// built is the one every `@Shared` made meanwhile reads (as swift-dependencies' cache lock makes
/// swift-sharing wait). The lock is recursive: a value being built may read other dependencies
/// and make `@Shared` values on its own thread.
///
/// The lock is taken before any lock of a shared value, never inside one: a `@Shared` made in
/// the body of another's `withLock` while a dependency that changes that value is being built
/// would wait for a build that waits for it.
package enum DependencyBuilding {
  /// A key's value in one context.
  private struct Built: Hashable {
    let key: ObjectIdentifier
    let context: DependencyValues.Context
  }

  private static let lock = NSRecursiveLock()
  private static let built = LockedValue<Set<Built>>([])
  private static let waiting = LockedValue(0)

  /// The value of `key` in `context`, which `build` gives: built holding the lock the first
  /// time, read without it afterwards.
  static func value<Value>(
    of key: Any.Type, in context: DependencyValues.Context, _ build: () -> Value
  ) -> Value {
    let entry = Built(key: ObjectIdentifier(key), context: context)
    if built.withLock({ $0.contains(entry) }) { return build() }
    lock.lock()
    defer { lock.unlock() }
    let value = build()
    built.withLock { _ = $0.insert(entry) }
    return value
  }

  /// Returns once no other thread is building a dependency value.
  static func waitForBuildsElsewhere() {
    waiting.withLock { $0 += 1 }
    lock.lock()
    lock.unlock()
    waiting.withLock { $0 -= 1 }
  }

  /// How many threads are waiting for a build elsewhere to end to make a `@Shared`: a test waits
  /// for it to be sure a thread waits.
  package static var waitingThreads: Int { waiting.withLock { $0 } }
}
