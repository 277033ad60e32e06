import PokedexCore
import Synchronization

/// Collects strings (warnings, test-store failures) reported from any thread.
final class Recorder: Sendable {
  private let entries = Mutex<[String]>([])

  var all: [String] { entries.withLock { $0 } }

  func record(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }

  /// A warnings dependency that records into this recorder.
  var warnings: WarningReporter { WarningReporter { self.record($0) } }
}
