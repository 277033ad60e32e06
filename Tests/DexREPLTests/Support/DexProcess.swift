import DexTesting
import Foundation
import Testing

/// Runs the built `dex` binary as a subprocess and collects what it printed.
struct DexProcess {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String

    var errorLines: [Substring] {
      standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
  }

  /// The `dex` executable SwiftPM built next to this test bundle (or `$DEX_BINARY`).
  static func executable() throws -> URL {
    try builtExecutable(named: "dex", override: "DEX_BINARY")
  }

  /// Runs `dex arguments` with `input` on standard input (a file, so never a terminal), under
  /// `umask` when one is given, in `workingDirectory` when one is given.
  static func run(
    _ arguments: [String] = [],
    input: String = "",
    environment: [String: String] = [:],
    dataDirectory: Bool = true,
    umask: String? = nil,
    workingDirectory: URL? = nil
  ) async throws -> Result {
    let directory = try TemporaryDirectory()
    let inputURL = directory.url.appendingPathComponent("stdin")
    let outputURL = directory.url.appendingPathComponent("stdout")
    let errorURL = directory.url.appendingPathComponent("stderr")
    try Data(input.utf8).write(to: inputURL)
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)

    let process = Process()
    if let umask {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", try executable().path] + arguments
    } else {
      process.executableURL = try executable()
      process.arguments = arguments
    }
    var childEnvironment = ProcessInfo.processInfo.environment
    childEnvironment["DEX_HISTFILE"] = directory.url.appendingPathComponent("history").path
    if dataDirectory {
      // Never the user's real data: favorites go to a fresh directory per run.
      childEnvironment["DEX_DATA_DIR"] = directory.url.appendingPathComponent("data").path
    }
    // Nor the user's PokeAPI cache: a test that wants one across runs sets DEX_CACHE_DIR.
    childEnvironment["DEX_CACHE_DIR"] = directory.url.appendingPathComponent("cache").path
    childEnvironment["NO_COLOR"] = "1"
    childEnvironment.merge(environment) { _, new in new }
    process.environment = childEnvironment
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    let handles = [
      try FileHandle(forReadingFrom: inputURL), try FileHandle(forWritingTo: outputURL),
      try FileHandle(forWritingTo: errorURL),
    ]
    // Closed here: Foundation's Process keeps its handles, and the descriptors of a suite's
    // runs would pile up (past a thousand, Foundation's own `Process.run` can crash reading
    // /proc/self/fd).
    defer { for handle in handles { try? handle.close() } }
    process.standardInput = handles[0]
    process.standardOutput = handles[1]
    process.standardError = handles[2]
    let status = try await process.runUntilExit()
    return Result(
      status: status,
      standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
      standardError: try String(contentsOf: errorURL, encoding: .utf8))
  }
}
