import DexTesting
import Foundation
import Testing

/// Every shipped script has its generated test in Tests/GeneratedSessionTests, which `swift
/// test` compiles and runs: the test `gentest` writes after the real `dex` replays the script,
/// byte for byte. A missing one is written and the test fails; `DEX_RECORD_GENERATED_TESTS=1`
/// writes them all again.
@Suite struct GeneratedSessionFileTests {
  static let directory = ScriptTranscriptTests.scriptsDirectory.deletingLastPathComponent()
    .appendingPathComponent("Tests/GeneratedSessionTests")

  /// `time-travel.dex` → `TimeTravelSessionTests.swift`: the file, and so the suite, of a script.
  static func testFile(of script: String) -> String {
    let words = script.dropLast(".dex".count).split(separator: "-")
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "SessionTests.swift"
  }

  @Test func everyGeneratedTestHasAScript() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { $0.hasSuffix(".swift") }
    let expected = ScriptTranscriptTests.scripts.map(Self.testFile)
    #expect(!expected.isEmpty)
    #expect(Set(files).subtracting(expected).isEmpty, "generated tests without a script")
  }

  @Test(arguments: ScriptTranscriptTests.scripts)
  func theCommittedTestIsWhatGentestWritesAfterTheScript(script: String) async throws {
    let scriptURL = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script)
    let name = Self.testFile(of: script)
    let output = try TemporaryDirectory()
    let written = output.path(name)
    let result = try await DexProcess.run(
      input: try String(contentsOf: scriptURL, encoding: .utf8) + "\ngentest \(written)\n")
    #expect(result.status == 0, "\(script) failed: \(result.standardError)")
    let source = try String(contentsOfFile: written, encoding: .utf8)
    let committedURL = Self.directory.appendingPathComponent(name)
    let rerecord = ProcessInfo.processInfo.environment["DEX_RECORD_GENERATED_TESTS"] == "1"
    guard !rerecord, let committed = try? String(contentsOf: committedURL, encoding: .utf8) else {
      try source.write(to: committedURL, atomically: true, encoding: .utf8)
      Issue.record("Wrote \(name); check it, build and run again.")
      return
    }
    #expect(source == committed, "\(name) is not what gentest writes after \(script) now")
  }
}
