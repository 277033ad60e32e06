import Synchronization

/// How many times the shared values of a container were written (set, restored, reloaded from
/// outside), a tracked key was added or an unnamed value made or released: a snapshot taken at
/// one count holds the values of every later moment with the same count, so
/// `SharedContainer.snapshot()` hands it back as it is.
final class SharedWriteCount: Sendable {
  private let count = Atomic<UInt64>(0)

  /// The count now. Read it before reading the values it vouches for.
  var current: UInt64 { count.load(ordering: .acquiring) }

  /// Counts a write; called after the value changed, under the value's own lock.
  func increment() {
    count.wrappingAdd(1, ordering: .releasing)
  }
}
