#if canImport(Glibc)
  import Glibc
#endif
import DexPlatform
import Synchronization

/// Which values a `Shared` shows when read: the live ones, or those of a snapshot.
///
/// A `Shared` is a reference, so a copy of the state taken before an action shows the value
/// after it. To print, compare or diff states of the past, the inspector reads them inside
/// `SharedReading.reading(_:)`; a diff of two moments reads each side from its own snapshot.
public enum SharedReading {
  /// The values to read.
  public enum Mode: Sendable {
    /// The live values.
    case live
    /// The values of a snapshot (keys missing from it read live).
    case snapshot(SharedSnapshot)
    /// Two moments at once: reading shows `old` or `new` as `side` says, and `==` compares
    /// its left operand in `old` with its right operand in `new`.
    case sides(old: SharedSnapshot, new: SharedSnapshot, side: Side)
    /// Mutations go to a scratch copy instead of the live values (a test's expected state).
    case scratch(ScratchValues)
  }

  /// Which side of a two-moment reading a read shows.
  public enum Side: Sendable {
    case old, new
  }

  /// The mode of the current thread. Modes are set only around synchronous work (a diff, a
  /// dump, a test's expectation, a replay), never across an `await`, so a thread-local is
  /// exact, and far cheaper than a task-local on the diff's hot path.
  static var mode: Mode {
    guard let box = ThreadModeBox.current else { return .live }
    return box.mode
  }

  /// Runs `body` reading shared values as `mode` says.
  public static func reading<Result>(_ mode: Mode, _ body: () throws -> Result) rethrows -> Result {
    let box = ThreadModeBox.current ?? ThreadModeBox.install()
    let previous = box.mode
    box.mode = mode
    defer { box.mode = previous }
    return try body()
  }

  /// The current mode.
  public static var currentMode: Mode { mode }
}

/// Shared values written by a test's expectation, kept apart from the live ones.
public final class ScratchValues: Sendable {
  private let snapshot: Mutex<SharedSnapshot>

  /// Scratch values starting from `snapshot`.
  public init(_ snapshot: SharedSnapshot) {
    self.snapshot = Mutex(snapshot)
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

/// The per-thread cell holding `SharedReading.mode`.
final class ThreadModeBox {
  var mode: SharedReading.Mode = .live

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ThreadModeBox>.fromOpaque(pointer).release()
    }
    return key
  }()

  static var current: ThreadModeBox? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadModeBox>.fromOpaque(pointer).takeUnretainedValue()
  }

  static func install() -> ThreadModeBox {
    let box = ThreadModeBox()
    pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    return box
  }
}
