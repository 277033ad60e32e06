import DexTesting
import Foundation
import Testing

/// `echo` through the real `dex` binary: a script labels its own transcript.
@Suite struct EchoCommandTests {
  @Test func echoPrintsItsTextAsWrittenAndAnEmptyLineWithout() async throws {
    let result = try await DexProcess.run(
      input: """
        echo -- the first page:   two spaces kept
        echo
        echo # not a comment
        quit

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput == "-- the first page:   two spaces kept\n\n# not a comment\n",
      "\(result.standardOutput)")
  }

  @Test func echoIsAnOutputObjectWithJSON() async throws {
    let result = try await DexProcess.run(["--json"], input: "echo a \"quoted\" label\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput == #"{"type":"output","text":"a \"quoted\" label"}"# + "\n",
      "\(result.standardOutput)")
  }

  @Test func echoRunsWhileStepGoesThroughAnAction() async throws {
    // Not a command that changes the app: it runs while `step` goes through an action.
    let result = try await DexProcess.run(
      input: "step .list(.onAppear)\necho during step\nabort\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("during step\n"), "\(result.standardOutput)")
  }
}
