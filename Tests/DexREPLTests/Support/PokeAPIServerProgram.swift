import DexPlatform
import DexTesting
import Foundation

/// The built `dex-pokeapi-server` running as a process of its own, with what it prints collected
/// as it arrives (standard output and error apart), until `stop()` or its own exit.
final class PokeAPIServerProgram: Sendable {
  private let process: Process
  private let output = LockedValue("")
  private let errors = LockedValue("")
  private let status = LockedValue<Int32?>(nil)


  /// Starts `dex-pokeapi-server arguments`.
  init(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = try builtExecutable(named: "dex-pokeapi-server")
    process.arguments = arguments
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = FileHandle.nullDevice
    for (pipe, text) in [(outputPipe, output), (errorPipe, errors)] {
      pipe.fileHandleForReading.readabilityHandler = { (handle: FileHandle) in
        let data = handle.availableData
        guard !data.isEmpty else { return }
        text.withLock { $0 += String(decoding: data, as: UTF8.self) }
      }
    }
    process.terminationHandler = { [status] ended in
      status.withLock { $0 = ended.terminationStatus }
    }
    try process.run()
    self.process = process
  }

  /// What it printed on standard output so far.
  var standardOutput: String { output.withLock { $0 } }
  /// What it printed on standard error so far.
  var standardError: String { errors.withLock { $0 } }
  /// Its exit status, once it ended.
  var exitStatus: Int32? { status.withLock { $0 } }

  /// Waits until `condition` holds, for at most `timeout`; false if it never did.
  func waitFor(
    _ timeout: Duration = .seconds(30), _ condition: (PokeAPIServerProgram) -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if condition(self) { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return condition(self)
  }

  /// The API root its first line names (`PokeAPI at URL`), once it printed it; nil if it ended
  /// or took longer than `timeout` first.
  func apiRoot(within timeout: Duration = .seconds(30)) async throws -> URL? {
    let printed = try await waitFor(timeout) {
      $0.exitStatus != nil || $0.standardOutput.contains("\n")
    }
    guard printed,
      let line = standardOutput.split(separator: "\n").first,
      let match = line.wholeMatch(of: /PokeAPI at (\S+)/)
    else { return nil }
    return URL(string: String(match.1))
  }

  /// The lines it logged for the requests it answered so far (`GET /api/v2/pokemon/25`).
  var requestLines: [Substring] {
    standardOutput.split(separator: "\n").filter { $0.hasPrefix("GET ") }
  }

  /// Ends it (SIGKILL: a test process may hand its children SIGTERM blocked) and waits until
  /// it has.
  func stop() async throws {
    if exitStatus == nil { kill(process.processIdentifier, SIGKILL) }
    _ = try await waitFor(.seconds(30)) { $0.exitStatus != nil }
  }

  // A test that failed before `stop()` leaves no server behind.
  deinit {
    if exitStatus == nil { kill(process.processIdentifier, SIGKILL) }
  }
}
