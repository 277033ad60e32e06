import DexPlatform
import DexTesting
import Foundation

/// A real `dex` process fed one line at a time through a pipe, with what it prints collected as
/// it arrives: for scenarios where what to type next depends on what it printed, or where a
/// second process acts in between.
final class DexConversation: Sendable {
  private let process: Process
  private let input: FileHandle
  private let printed = LockedValue("")
  private let status = LockedValue<Int32?>(nil)


  /// Starts `dex arguments` with the history file under `directory`.
  init(_ arguments: [String], directory: TemporaryDirectory, name: String) throws {
    let process = Process()
    process.executableURL = try DexProcess.executable()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DEX_HISTFILE"] = directory.path("history-\(name)")
    environment["NO_COLOR"] = "1"
    environment["DEX_DATA_DIR"] = nil
    process.environment = environment
    let inputPipe = Pipe()
    let outputPipe = Pipe()
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    process.standardError = outputPipe
    let printed = printed
    outputPipe.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      guard !data.isEmpty else { return }
      printed.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }
    let status = status
    process.terminationHandler = { ended in status.withLock { $0 = ended.terminationStatus } }
    try process.run()
    self.process = process
    self.input = inputPipe.fileHandleForWriting
  }

  /// The process's id, to signal it or read its open files.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Everything printed so far (standard output and error, in arrival order).
  var transcript: String { printed.withLock { $0 } }

  /// Types `line`.
  func type(_ line: String) throws {
    try input.write(contentsOf: Data((line + "\n").utf8))
  }

  /// Waits until `condition` holds of the transcript, for at most `timeout`; false if it never
  /// did.
  func waitFor(
    _ timeout: Duration = .seconds(10), _ condition: (String) -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if condition(transcript) { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return condition(transcript)
  }

  /// Types `line` and waits until the transcript contains `text` (anywhere after what it held).
  @discardableResult
  func type(_ line: String, thenWaitFor text: String) async throws -> Bool {
    let before = transcript.count
    try type(line)
    return try await waitFor { $0.dropFirst(before).contains(text) }
  }

  /// Ends the input and waits (at most 20 s) for the exit status; nil if it did not exit.
  func finish() async throws -> Int32? {
    try input.close()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    while clock.now < deadline {
      if let ended = status.withLock({ $0 }) { return ended }
      try await Task.sleep(for: .milliseconds(20))
    }
    process.terminate()
    return nil
  }
}
