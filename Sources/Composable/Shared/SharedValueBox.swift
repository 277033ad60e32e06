import DexPlatform
import Synchronization

/// A shared reference's value under its lock, with the stamp of the write that put it there
/// (`SharedValueStamp`): a snapshot that holds the value under the current stamp holds the
/// current value, and does not read it again.
final class SharedValueBox<Value>: @unchecked Sendable {
  private let locked: LockedValue<(value: Value, stamp: UInt64)>
  /// The stamp, stored after each write under the lock, so it can be read without it.
  private let currentStamp: Atomic<UInt64>
  /// Counts every write, for the container's snapshots (nil: nobody counts).
  private let writes: SharedWriteCount?

  init(_ value: Value, writes: SharedWriteCount?) {
    let stamp = SharedValueStamp.next()
    locked = LockedValue((value, stamp))
    currentStamp = Atomic(stamp)
    self.writes = writes
  }

  /// The current value.
  var value: Value { locked.withLock { $0.value } }

  /// Runs `body` on the value under the lock; the value gets a new stamp and the write is
  /// counted, even when `body` throws (it may have changed the value before). The stamp is
  /// stored before the count moves: a snapshot that sees the new count sees the new stamp.
  func write<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try locked.withLock { state in
      defer {
        state.stamp = SharedValueStamp.next()
        currentStamp.store(state.stamp, ordering: .releasing)
        writes?.increment()
      }
      return try body(&state.value)
    }
  }

  /// The stamp of the value now (without the lock).
  var stamp: UInt64 { currentStamp.load(ordering: .acquiring) }

  /// The current value and its stamp; nil when the stamp is `known` (the value is the one read
  /// with it). A write under way (its value in the box, its stamp not stored yet) reads as not
  /// made yet, as it would have a moment earlier.
  func stampedValue(unless known: UInt64?) -> (value: Value, stamp: UInt64)? {
    guard currentStamp.load(ordering: .acquiring) != known else { return nil }
    var stamp: UInt64 = 0
    let value = locked.withLock { state in
      stamp = state.stamp
      return state.value
    }
    return (value, stamp)
  }
}
