import DexPlatform

/// A clock whose sleeps return at once (advancing its time), so effects that wait run without
/// waiting: scripts and benchmarks use it.
public final class ImmediateClock: Clock, @unchecked Sendable {
  /// A point in the clock's time: the duration since it started.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    let offset: Duration

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let time = LockedValue(Instant(offset: .zero))

  /// A clock at time zero.
  public init() {}

  public var now: Instant { time.withLock { $0 } }
  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    time.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
