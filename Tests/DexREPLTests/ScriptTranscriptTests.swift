import DexTesting
import Foundation
import Testing

/// Every script in scripts/ is an end-to-end test: the real `dex` binary runs it on a fresh
/// data directory and must print exactly its golden transcript (`NAME.expected`). A missing
/// transcript is written and the test fails; `DEX_RECORD_TRANSCRIPTS=1` rewrites them all.
@Suite struct ScriptTranscriptTests {
  static let scriptsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts")

  static var scripts: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scriptsDirectory.path)) ?? [])
      .filter { $0.hasSuffix(".dex") }.sorted()
  }

  @Test func everyShippedScriptHasATranscriptAndEveryTranscriptAScript() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.scriptsDirectory.path)
    let scripts = Set(files.filter { $0.hasSuffix(".dex") }.map { String($0.dropLast(4)) })
    let transcripts = Set(files.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(9)) })
    #expect(!scripts.isEmpty)
    #expect(scripts == transcripts, "scripts without a transcript: \(scripts.subtracting(transcripts)); transcripts without a script: \(transcripts.subtracting(scripts))")
  }

  @Test(arguments: scripts)
  func scriptPrintsItsGoldenTranscript(script: String) async throws {
    try await Self.checkTranscript(of: Self.scriptsDirectory.appendingPathComponent(script))
  }

  /// Runs the script at `scriptURL` with the real `dex` and compares what it prints with the
  /// transcript beside it (`NAME.expected`), written when missing or re-recorded.
  static func checkTranscript(of scriptURL: URL) async throws {
    let script = scriptURL.lastPathComponent
    let result = try await DexProcess.run([scriptURL.path], dataDirectory: true)
    #expect(result.status == 0, "\(script) failed: \(result.standardError)")
    #expect(result.standardError.isEmpty)
    let expectedURL = scriptURL.deletingPathExtension().appendingPathExtension("expected")
    let rerecord = ProcessInfo.processInfo.environment["DEX_RECORD_TRANSCRIPTS"] == "1"
    guard !rerecord, let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
      try result.standardOutput.write(to: expectedURL, atomically: true, encoding: .utf8)
      Issue.record("Wrote the transcript \(expectedURL.lastPathComponent); check it and run again.")
      return
    }
    #expect(result.standardOutput == expected, "\(script) differs from its transcript")
    if result.standardOutput != expected {
      let actual = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      let golden = expected.split(separator: "\n", omittingEmptySubsequences: false)
      if let line = zip(actual, golden).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
        Issue.record("first difference at line \(line.offset + 1): got '\(line.element.0)', expected '\(line.element.1)'")
      }
    }
  }
}
