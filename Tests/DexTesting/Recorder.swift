import Composable
import DexPlatform

/// Collects strings (warnings, test-store failures) reported from any thread, for tests that
/// check what was reported.
public final class Recorder: Sendable {
  private let entries = LockedValue<[String]>([])

  /// An empty recorder.
  public init() {}

  /// Everything recorded, in order.
  public var all: [String] { entries.withLock { $0 } }

  /// Records `entry`.
  public func record(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }

  /// A warnings dependency that records into this recorder.
  public var warnings: WarningReporter { WarningReporter { self.record($0) } }
}
