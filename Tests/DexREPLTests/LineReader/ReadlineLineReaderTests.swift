import DexTesting
import Foundation
import Testing

/// Readline end to end: `dex` on a real pseudo-terminal, driven by python3 + pexpect.
@Suite struct ReadlineLineReaderTests {
  @Test(.timeLimit(.minutes(1)))
  func editingCompletionInterruptEndOfInputAndHistoryWorkOnATerminal() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("drive.py")
    try PseudoTerminalDriver.script.write(toFile: script, atomically: true, encoding: .utf8)
    let log = directory.url.appendingPathComponent("log")
    try Data().write(to: log)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, try DexProcess.executable().path, directory.url.path]
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    let status = try await process.runUntilExit()
    let report = try String(contentsOf: log, encoding: .utf8)

    switch status {
    case 0:
      #expect(report.hasSuffix("ALL PASSED\n"), "\(report)")
    case 127:
      Issue.record("python3 is needed to drive dex through a pseudo-terminal, and was not found.")
    case 3:
      Issue.record("python3 cannot import pexpect, which this test needs: \(report)")
    default:
      Issue.record("dex misbehaved on a pseudo-terminal:\n\(report)")
    }
  }
}
