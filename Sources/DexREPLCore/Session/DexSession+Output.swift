import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// Where what the session prints goes: straight out while a command runs, else above the line
// being typed; copied to the `output` file; warnings; progress.
extension DexSession {
  /// Whether the calling thread is the one running a command.
  var isOnCommandThread: Bool {
    guard let thread = lock.withLock({ commandDepth > 0 ? commandThread : nil }) else {
      return false
    }
    return pthread_equal(thread, pthread_self()) != 0
  }

  func warn(_ message: String) {
    lock.withLock {
      pendingWarnings.append(message)
      hasWarned = true
    }
  }

  /// Whether the session has shown a warning.
  var hasShownWarnings: Bool { lock.withLock { hasWarned } }

  func flushWarnings() {
    let warnings = lock.withLock { () -> [String] in
      defer { pendingWarnings.removeAll() }
      return pendingWarnings
    }
    for warning in warnings {
      emit(Transcript<App>.warning(warning, settings: settings))
    }
  }

  /// Runs long work of a command (`gentest`) showing the spinner, `doing` what it says; `body`
  /// asks its argument often whether to stop, true once Ctrl-C was pressed.
  func withProgress<Result>(
    _ doing: String, _ body: (_ isInterrupted: @escaping () -> Bool) throws -> Result
  ) rethrows -> Result {
    let started = ContinuousClock.now
    let spinner = spinner
    let output = output
    defer { spinner?.clear(writingTo: output) }
    var drawn = started
    return try body {
      let now = ContinuousClock.now
      if now - drawn >= .milliseconds(100) {
        drawn = now
        spinner?.tick(elapsed: now - started, writingTo: output, doing: doing, stopping: "stops")
      }
      return TerminalSignals.consumeInterrupt() || TerminalSignals.terminationRequested
    }
  }

  /// Writes an item of the transcript (text, or a JSON object with `--json`): straight out
  /// while a command runs, else above the line being typed.
  package func emit(_ item: OutputItem) {
    let text = settings.printsJSON ? item.json.text(pretty: false) + "\n" : item.text
    let direct = lock.withLock { commandDepth > 0 } || asynchronousOutput == nil
    copyToOutputFile(text)
    if direct {
      spinner?.clear(writingTo: output)
      if settings.isInteractive {
        writeInterruptibly(text)
      } else {
        output.write(text)
      }
    } else {
      asynchronousOutput?.post(text)
    }
  }

  /// Writes long text a piece at a time, stopping at once on Ctrl-C, also one pressed while the
  /// text was being made (the prompt forgot any earlier one).
  func writeInterruptibly(_ text: String) {
    guard text.utf8.count > 8_192 else {
      output.write(text)
      return
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while !lines.isEmpty {
      if TerminalSignals.consumeInterrupt() {
        output.write("\n(stopped printing: Ctrl-C)\n")
        return
      }
      let piece = lines.prefix(64)
      lines = lines.dropFirst(64)
      output.write(piece.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
    }
  }

  /// Copies what is printed from now on to `path` (`output FILE`), without colour; an
  /// existing file is kept unless `replacing`. A copy already going to another file ends.
  func startOutputCopy(to path: String, replacing: Bool) throws(REPLError) {
    let handle = try SafeFile.openForStreaming(path, replacing: replacing, command: "output")
    let previous = lock.withLock { () -> FileHandle? in
      defer { outputCopy = (handle, path) }
      return outputCopy?.handle
    }
    try? previous?.close()
  }

  /// Stops copying output; returns the file it went to, nil when none.
  func stopOutputCopy() -> String? {
    guard let copy = lock.withLock({ () -> (handle: FileHandle, path: String)? in
      defer { outputCopy = nil }
      return outputCopy
    }) else { return nil }
    try? copy.handle.close()
    return copy.path
  }

  /// Writes `text` to the `output` file, if one is open, without colour.
  func copyToOutputFile(_ text: String) {
    lock.withLock {
      guard let handle = outputCopy?.handle else { return }
      try? handle.write(contentsOf: Data(TranscriptStyle.plain(text).utf8))
    }
  }

  /// Writes plain text a command prints (`{"type":"output"}` with `--json`).
  func emitText(_ text: String) {
    emit(Transcript<App>.output(text))
  }

  func beginCommand() {
    lock.withLock {
      if commandDepth == 0 { commandThread = pthread_self() }
      commandDepth += 1
    }
  }

  func endCommand() {
    lock.withLock { commandDepth -= 1 }
  }

  /// Runs `body` as a command: output goes straight out.
  package func command<Result>(_ body: () throws -> Result) rethrows -> Result {
    beginCommand()
    defer { endCommand() }
    return try body()
  }
}
