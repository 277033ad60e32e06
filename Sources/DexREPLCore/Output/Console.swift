import DexPlatform
import Foundation
import StoreInspector

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where everything a session prints goes, and how: an item as text, or as its JSON object
/// with `--json`; long text through the pager on a terminal; a copy, without colour, to the
/// file `output FILE` names; straight out while a command runs, else (an effect finishing while
/// a line is typed) above the line being typed. Commands write through `print` and `page`,
/// the session through `emit`.
package final class Console: @unchecked Sendable {
  private let settings: SessionSettings
  private let output: TextOutput
  private let asynchronousOutput: AsynchronousOutput?
  /// The one-line sign of life shown on a terminal while effects run, cleared before a write.
  private let spinner: Spinner?
  private let state = LockedValue(State())

  /// What threads share: the command running, and where output is copied.
  private struct State {
    /// How many commands the main thread is inside (nested ones too); while any, output goes
    /// straight out.
    var commandDepth = 0
    /// The thread running the commands, while one runs: a breakpoint that hits while it
    /// processes an action cannot block it.
    var commandThread: pthread_t?
    /// Where `output FILE` copies what is printed, and its path.
    var outputCopy: (handle: FileHandle, path: String)?
  }

  init(
    settings: SessionSettings, output: TextOutput, asynchronousOutput: AsynchronousOutput?, spinner: Spinner?
  ) {
    self.settings = settings
    self.output = output
    self.asynchronousOutput = asynchronousOutput
    self.spinner = spinner
  }

  // MARK: - What commands print

  /// Prints `text` (a newline is added when missing); with `--json`, as an `output` object.
  package func print(_ text: String) {
    write(Self.output(text))
  }

  /// Prints `item` (its text, or its object with `--json`), never through the pager.
  package func write(_ item: OutputItem) {
    running { emit(item) }
  }

  /// Prints `text`, through the pager when it is longer than the terminal (see `Pager`).
  func page(_ text: String) {
    page(Self.output(text))
  }

  /// Prints `item`, its text through the pager when it is longer than the terminal.
  func page(_ item: OutputItem) {
    running {
      // A Ctrl-C pressed while the text was made stops it before the pager starts.
      if !settings.printsJSON, let pager = settings.pager, !TerminalSignals.isInterruptPending,
        pager.isNeeded(for: item.text), pager.show(item.text)
      {
        copyToOutputFile(item.text)
        return
      }
      emit(item)
    }
  }

  /// Writes an error line to `errors` (cut between words to fit a terminal); with `--json`,
  /// also as an `error` object of `members` on standard output, so the transcript shows where
  /// it stopped.
  func printError(_ text: String, to errors: TextOutput, members: () -> [JSONValue.Member]) {
    if settings.isInteractive, let width = TerminalWidth.columns(of: STDERR_FILENO) {
      errors.writeLine(ProseWrapper(width: width).wrap(text))
    } else {
      errors.writeLine(text)
    }
    if settings.printsJSON {
      let members = members()
      emit(OutputItem(type: "error", text: "", members: members))
    }
  }

  /// Plain text a command prints: `{"type":"output","text":…}` with `--json`.
  static func output(_ text: String) -> OutputItem {
    let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
    return OutputItem(type: "output", text: text, members: [.init("text", .string(trimmed))])
  }

  // MARK: - Writing

  /// Writes an item of the transcript (text, or a JSON object with `--json`): straight out
  /// while a command runs, else above the line being typed.
  package func emit(_ item: OutputItem) {
    let text = settings.printsJSON ? item.json.text(pretty: false) + "\n" : item.text
    let direct = state.withLock { $0.commandDepth > 0 } || asynchronousOutput == nil
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
  private func writeInterruptibly(_ text: String) {
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

  // MARK: - Commands

  /// Runs `body` as (part of) a command: what it prints goes straight out.
  func running<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    beginCommand()
    defer { endCommand() }
    return try body()
  }

  /// From now on until `endCommand`, output goes straight out; calls nest.
  func beginCommand() {
    state.withLock {
      if $0.commandDepth == 0 { $0.commandThread = pthread_self() }
      $0.commandDepth += 1
    }
  }

  /// Ends what `beginCommand` began.
  func endCommand() {
    state.withLock { $0.commandDepth -= 1 }
  }

  /// Whether the calling thread is the one running a command.
  var isOnCommandThread: Bool {
    guard let thread = state.withLock({ $0.commandDepth > 0 ? $0.commandThread : nil }) else {
      return false
    }
    return pthread_equal(thread, pthread_self()) != 0
  }

  // MARK: - Copying output to a file

  /// Copies what is printed from now on to `path` (`output FILE`), without colour; an
  /// existing file is kept unless `replacing`. A copy already going to another file ends.
  func startOutputCopy(to path: String, replacing: Bool) throws(REPLError) {
    let handle = try SafeFile.openForStreaming(path, replacing: replacing, command: "output")
    let previous = state.withLock { state -> FileHandle? in
      defer { state.outputCopy = (handle, path) }
      return state.outputCopy?.handle
    }
    try? previous?.close()
  }

  /// Stops copying output; returns the file it went to, nil when none.
  func stopOutputCopy() -> String? {
    guard let copy = state.withLock({ state -> (handle: FileHandle, path: String)? in
      defer { state.outputCopy = nil }
      return state.outputCopy
    }) else { return nil }
    try? copy.handle.close()
    return copy.path
  }

  /// Writes `text` to the `output` file, if one is open, without colour.
  private func copyToOutputFile(_ text: String) {
    state.withLock {
      guard let handle = $0.outputCopy?.handle else { return }
      try? handle.write(contentsOf: Data(TranscriptStyle.plain(text).utf8))
    }
  }
}
