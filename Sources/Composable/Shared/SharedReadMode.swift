import DexPlatform

/// Which values a `Shared` shows when read: the live ones, or those of a snapshot.
///
/// A `Shared` is a reference, so a copy of the state taken before an action shows the value
/// after it. To print, compare or diff states of the past, the inspector reads them inside
/// `withSharedReadMode(_:_:)`; a diff of two moments reads each side from its own snapshot.
public enum SharedReadMode: Sendable {
  /// The live values.
  case live
  /// The values of a snapshot (keys missing from it read live).
  case snapshot(SharedSnapshot)
  /// Two moments at once: reading shows `old` or `new` as `side` says, and `==` compares
  /// its left operand in `old` with its right operand in `new`.
  case sides(old: SharedSnapshot, new: SharedSnapshot, side: Side)
  /// Mutations go to a scratch copy instead of the live values (a test's expected state).
  case scratch(ScratchValues)

  /// Which side of a two-moment reading a read shows.
  public enum Side: Sendable {
    case old, new
  }

  /// The mode of the current thread. Modes are set only around synchronous work (a diff, a
  /// dump, a test's expectation, a replay), never across an `await`, so a thread-local is
  /// exact, and far cheaper than a task-local on the diff's hot path.
  public static var current: SharedReadMode { ThreadEnvironment.sharedReadMode }
}

/// Runs `body` reading shared values as `mode` says.
public func withSharedReadMode<Result>(
  _ mode: SharedReadMode, _ body: () throws -> Result
) rethrows -> Result {
  let environment = ThreadEnvironment.install()
  let previous = environment.sharedReadMode
  environment.sharedReadMode = mode
  defer { environment.sharedReadMode = previous }
  return try body()
}

/// Shared values written by a test's expectation, kept apart from the live ones.
public final class ScratchValues: Sendable {
  private let snapshot: LockedValue<SharedSnapshot>

  /// Scratch values starting from `snapshot`.
  public init(_ snapshot: SharedSnapshot) {
    self.snapshot = LockedValue(snapshot)
  }

  /// The values now.
  public var current: SharedSnapshot { snapshot.withLock { $0 } }

  func read(_ id: SharedKeyID) -> (any Sendable)? {
    snapshot.withLock { $0[id] }
  }

  func mutate<Value: Sendable & Equatable, Result>(
    _ id: SharedKeyID, live: Value, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    try snapshot.withLock { snapshot in
      var value = (snapshot[id] as? Value) ?? live
      let result = try body(&value)
      snapshot = snapshot.replacing(id, with: value, equality: SnapshotEquality(Value.self))
      return result
    }
  }
}
