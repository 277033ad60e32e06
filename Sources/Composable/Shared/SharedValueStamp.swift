import Synchronization

/// Marks each write of a shared value with a number no other write in the process gets: two
/// snapshots holding a key's value under the same stamp hold the same value, so comparing them
/// needs no `==`.
enum SharedValueStamp {
  private static let last = Atomic<UInt64>(0)

  /// A stamp not given before (never 0).
  static func next() -> UInt64 {
    last.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
