import DexTesting
import Foundation
import Testing

/// Scripts must print the same bytes on every run: a transcript is a regression check.
@Suite(.serialized) struct DeterminismTests {
  @Test(arguments: ScriptTranscriptTests.scripts)
  func everyScriptPrintsIdenticalBytesTwentyTimes(script: String) async throws {
    let path = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script).path
    let first = try await DexProcess.run([path])
    for run in 2...20 {
      let again = try await DexProcess.run([path])
      #expect(again.standardOutput == first.standardOutput, "run \(run) of \(script) differs")
      #expect(again.status == first.status)
    }
  }
}
