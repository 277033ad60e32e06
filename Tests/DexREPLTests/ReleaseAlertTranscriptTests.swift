import Foundation
import Testing

/// The favorites' release alert through the real `dex`: the alert shows in the state and the
/// diffs, `actions` lists its buttons' actions, confirming it sends the favorite's tap, and
/// closing it changes nothing (`Sessions/release-alert.dex` and its transcript).
@Suite struct ReleaseAlertTranscriptTests {
  @Test func releasingAFavoriteThroughItsAlertPrintsItsTranscript() async throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Sessions/release-alert.dex")
    try await ScriptTranscriptTests.checkTranscript(of: script)
  }
}
