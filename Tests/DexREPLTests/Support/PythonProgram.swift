import DexTesting
import Foundation

/// Runs a python3 program the tests keep as a string, and collects what it printed.
enum PythonProgram {
  /// Writes `source` to `drive.py` in `directory`, runs it with `arguments` and returns its exit
  /// status and its standard output and error together.
  static func run(
    _ source: String, arguments: [String], in directory: TemporaryDirectory
  ) async throws -> (status: Int32, report: String) {
    let script = directory.path("drive.py")
    try source.write(toFile: script, atomically: true, encoding: .utf8)
    let log = directory.url.appendingPathComponent("log")
    try Data().write(to: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script] + arguments
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    let status = try await process.runUntilExit()
    return (status, try String(contentsOf: log, encoding: .utf8))
  }
}
