#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CReadline
import DexPlatform

/// Completes the word being typed: gets the whole line, where the word starts (in Characters)
/// and the word itself; returns the candidates that replace the word.
package typealias CompletionProvider =
  (_ line: String, _ wordStart: Int, _ word: String) -> [String]

/// What a candidate of the last completion stands for, shown beside it in the list of
/// candidates (an element id's name: `UUID("…0002")  Sparky`); nil shows the candidate alone.
package typealias CompletionDescriber = (_ candidate: String) -> String?

/// How the completion in progress shows a candidate in a list and ends a word.
package struct CompletionPresentation {
  /// A candidate as listed (without what was typed before the name being completed).
  package var display: (_ candidate: String) -> String
  /// What the candidate stands for, if anything.
  package var describe: CompletionDescriber
  /// Whether a lone candidate is followed by a space.
  package var appendsSpace: () -> Bool

  package init(
    display: @escaping (_ candidate: String) -> String,
    describe: @escaping CompletionDescriber,
    appendsSpace: @escaping () -> Bool
  ) {
    self.display = display
    self.describe = describe
    self.appendsSpace = appendsSpace
  }
}

/// Reads lines on a terminal through GNU readline's callback interface: line editing, Ctrl-R,
/// persistent history and tab completion.
///
/// It waits with `poll()` on standard input, the SIGINT/SIGWINCH self-pipe and the
/// asynchronous-output mailbox, so it can print text that arrives while the user types and
/// clear the line on Ctrl-C. This is the only file that talks to readline. Readline is global
/// state: create one reader per process and use it from one thread.
package final class ReadlineLineReader: LineReader {
  /// How the reader sets readline up.
  package struct Configuration {
    /// The application name readline's `$if` in `~/.inputrc` tests against.
    package var applicationName = "dex"
    /// Where history persists; nil keeps it for this session only.
    package var history: HistoryFile?
    /// How many entries history keeps in memory when `history` is nil.
    package var sessionHistoryLimit = HistoryFile.defaultLimit
    /// Tab completion; nil turns it off.
    package var completion: CompletionProvider?
    /// Characters that separate the words completion works on.
    package var wordBreakCharacters = " \t\n"
    /// Whether the line is edited on standard error (standard output is not a terminal).
    package var editsOnStandardError = false

    package init(history: HistoryFile? = nil, completion: CompletionProvider? = nil) {
      self.history = history
      self.completion = completion
    }
  }

  package let asynchronousOutput = AsynchronousOutput()
  private var history: HistoryFile?
  private let historyLimit: Int
  private var entries: [String] = []
  private let diagnostics: TextOutput
  private var isFinished = false

  /// Sets readline up and loads the history; problems with the history file are reported once
  /// on `diagnostics` (prefixed `dex: `) and turn saving off, so a file that could not be read
  /// is never overwritten.
  package init(configuration: Configuration, diagnostics: TextOutput = .standardError) {
    self.diagnostics = diagnostics
    history = configuration.history
    historyLimit = configuration.history?.limit ?? max(0, configuration.sessionHistoryLimit)

    setlocale(LC_CTYPE, "")
    ReadlineBridge.completion = configuration.completion
    dex_rl_set_readline_name(strdup(configuration.applicationName))
    if configuration.editsOnStandardError, let stream = fdopen(dup(STDERR_FILENO), "w") {
      dex_rl_set_outstream(stream)
    }
    dex_rl_set_catch_signals(0)
    dex_rl_set_catch_sigwinch(0)
    dex_rl_set_completer_word_break_characters(strdup(configuration.wordBreakCharacters))
    dex_rl_set_attempted_completion_function(
      configuration.completion == nil ? nil : ReadlineBridge.attemptCompletion)
    using_history()
    stifle_history(Int32(clamping: historyLimit))

    if let file = history {
      do {
        for entry in try file.load() { remember(entry) }
      } catch {
        report(error)
        history = nil
      }
    }
    TerminalSignals.install()
  }

  /// Uses `provider` for tab completion from now on, and `describe` to show what candidates
  /// stand for when several are listed.
  package func setCompletion(
    _ provider: @escaping CompletionProvider, presentation: CompletionPresentation? = nil
  ) {
    ReadlineBridge.completion = provider
    ReadlineBridge.presentation = presentation
    dex_rl_set_attempted_completion_function(ReadlineBridge.attemptCompletion)
    dex_rl_set_completion_display_matches_hook(
      presentation == nil ? nil : ReadlineBridge.displayMatches)
  }

  package func readLine(prompt: String) -> LineReaderEvent {
    if TerminalSignals.terminationRequested { return .endOfInput }
    if let queued = ReadlineBridge.takeQueuedLine() { return .line(queued) }
    TerminalSignals.discardPending()
    writeToTerminal(asynchronousOutput.takePending())

    ReadlineBridge.acceptedLines = nil
    rl_callback_handler_install(prompt, ReadlineBridge.lineAccepted)
    let descriptors = [
      fileno(dex_rl_instream() ?? dex_rl_stdin()),
      TerminalSignals.wakeDescriptor,
      asynchronousOutput.wakeDescriptor,
    ]
    while true {
      guard let ready = POSIXDescriptor.waitUntilReadable(descriptors) else {
        rl_callback_handler_remove()
        return .endOfInput
      }
      if ready[1] != 0 { TerminalSignals.drainWakeups() }
      if TerminalSignals.terminationRequested {
        rl_callback_handler_remove()
        return .endOfInput
      }
      if TerminalSignals.consumeInterrupt() {
        discardLine()
        return .interrupt
      }
      if TerminalSignals.consumeResize() { rl_resize_terminal() }
      if TerminalSignals.consumeContinue() { restoreTerminalAfterStop() }
      if ready[2] != 0 { printAboveLine(asynchronousOutput.takePending()) }
      if ready[0] & Int16(POLLNVAL) != 0 {
        rl_callback_handler_remove()
        return .endOfInput
      }
      if ready[0] != 0 {
        rl_callback_read_char()
        if let lines = ReadlineBridge.acceptedLines {
          return finishLine(lines)
        }
      }
    }
  }

  deinit {
    finish()
  }

  package func finish() {
    guard !isFinished else { return }
    isFinished = true
    TerminalSignals.restore()
    writeToTerminal(asynchronousOutput.takePending())
    guard let file = history else { return }
    do {
      try file.save(entries)
    } catch {
      report(error)
    }
  }

  // MARK: - Lines

  /// The line handler ran (and removed itself): turns its lines into an event.
  private func finishLine(_ lines: [String]?) -> LineReaderEvent {
    guard let lines, let first = lines.first else {
      // Ctrl-D on an empty line: end the prompt's line so the shell starts on a fresh one.
      // With bracketed paste on, readline 8.1+ has already written that newline itself.
      let bracketedPaste = rl_variable_value("enable-bracketed-paste").map { String(cString: $0) }
      if bracketedPaste != "on" {
        writeToEditStream("\n")
      }
      return .endOfInput
    }
    for line in lines { remember(line) }
    ReadlineBridge.queuedLines = Array(lines.dropFirst())
    return .line(first)
  }

  /// Adds `line`, trimmed, to the history unless it is blank or repeats the previous entry.
  private func remember(_ line: String) {
    let entry = line.trimmingWhitespace()
    guard !entry.isEmpty, entry != entries.last, historyLimit > 0 else { return }
    entries.append(entry)
    if entries.count > historyLimit { entries.removeFirst(entries.count - historyLimit) }
    add_history(entry)
  }

  /// After Ctrl-Z and `fg`: the shell put the terminal back in line mode while dex was
  /// stopped, so readline's settings are made again and the prompt and line redrawn.
  private func restoreTerminalAfterStop() {
    rl_deprep_terminal()
    rl_prep_terminal(1)
    rl_forced_update_display()
  }

  /// Ctrl-C: shows `^C` after the line, drops it and leaves the cursor on a fresh line.
  private func discardLine() {
    dex_rl_set_point(dex_rl_end())
    rl_redisplay()
    writeToEditStream("^C")
    rl_free_line_state()
    rl_callback_sigcleanup()
    rl_cleanup_after_signal()
    rl_callback_handler_remove()
    writeToEditStream("\n")
  }

  // MARK: - Output

  /// Prints `text` above the prompt, then redraws the prompt and the line being edited.
  private func printAboveLine(_ text: String) {
    guard !text.isEmpty else { return }
    rl_clear_visible_line()
    writeToTerminal(text)
    rl_on_new_line()
    rl_redisplay()
  }

  /// Writes to standard output after what readline has buffered for it.
  private func writeToTerminal(_ text: String) {
    guard !text.isEmpty else { return }
    dex_rl_flush_output()
    POSIXDescriptor.writeAll(STDOUT_FILENO, text)
  }

  /// Writes what belongs to the line being edited (`^C`, a newline) where readline draws it.
  private func writeToEditStream(_ text: String) {
    let stream = dex_rl_outstream() ?? dex_rl_stdout()
    fputs(text, stream)
    fflush(stream)
  }

  private func report(_ error: HistoryFileError) {
    diagnostics.writeLine("dex: \(error)")
  }
}

/// The C-callable side of readline's callbacks.
///
/// `@convention(c)` functions cannot capture context, so what they need lives in static
/// properties. Readline calls back only from inside `rl_callback_read_char()`, on the thread
/// that drives the reader, which is what makes `nonisolated(unsafe)` sound here.
private enum ReadlineBridge {
  /// Set by the line handler: the accepted lines, or `.some(nil)` for end of input.
  nonisolated(unsafe) static var acceptedLines: [String]??
  /// Lines of a multi-line paste waiting for the next `readLine`.
  nonisolated(unsafe) static var queuedLines: [String] = []
  nonisolated(unsafe) static var completion: CompletionProvider?
  nonisolated(unsafe) static var presentation: CompletionPresentation?
  /// The candidates of the completion in progress, handed out by `nextMatch`.
  nonisolated(unsafe) static var matches: [String] = []
  nonisolated(unsafe) static var matchIndex = 0

  static func takeQueuedLine() -> String? {
    queuedLines.isEmpty ? nil : queuedLines.removeFirst()
  }

  /// Readline's line handler: removes itself so the terminal is restored while a command runs.
  static let lineAccepted: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
    rl_callback_handler_remove()
    guard let line else {
      acceptedLines = .some(nil)
      return
    }
    defer { free(line) }
    // A bracketed paste can put several lines in one; each is a line of its own.
    let text = String(cString: line)
    acceptedLines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
  }

  /// `rl_attempted_completion_function`: asks the Swift provider, never falls back to file names.
  static let attemptCompletion:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
      -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
        dex_rl_set_attempted_completion_over(1)
        guard let completion, let text, let buffer = dex_rl_line_buffer() else { return nil }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(max(0, dex_rl_end())))
        let line = String(decoding: bytes, as: UTF8.self)
        let prefix = String(decoding: bytes.prefix(Int(max(0, start))), as: UTF8.self)
        matches = completion(line, prefix.count, String(cString: text))
        matchIndex = 0
        guard !matches.isEmpty else { return nil }
        // Inside an action or a path, or a candidate that opens something (arguments, a
        // directory), the text goes on without a space.
        if let presentation, !presentation.appendsSpace() {
          dex_rl_set_completion_suppress_append(1)
        } else if matches.allSatisfy({ $0.contains("(") || $0.hasSuffix("/") || $0.hasSuffix(".") }) {
          dex_rl_set_completion_suppress_append(1)
        }
        return rl_completion_matches(text, nextMatch)
      }

  /// Lists several candidates, each with what it stands for when the describer knows, then
  /// redraws the prompt and the line being edited.
  static let displayMatches:
    @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32, Int32) -> Void = {
      matches, count, longest in
      guard let matches, count > 0 else { return }
      let candidates = (1...Int(count)).compactMap { matches[$0].map { String(cString: $0) } }
      let descriptions = candidates.map { presentation?.describe($0) }
      let shown = candidates.map { presentation?.display($0) ?? $0 }
      guard descriptions.contains(where: { $0 != nil }) else {
        // Readline's own layout in columns, of the shortened candidates.
        let copies = shown.map { strdup($0) }
        var list: [UnsafeMutablePointer<CChar>?] = [strdup(shown.first ?? "")] + copies + [nil]
        rl_display_match_list(&list, count, Int32(shown.map(\.utf8.count).max() ?? 0))
        for pointer in list { free(pointer) }
        rl_forced_update_display()
        return
      }
      let width = shown.map(\.count).max() ?? 0
      var text = "\n"
      for (candidate, description) in zip(shown, descriptions) {
        let padding = String(repeating: " ", count: width - candidate.count + 2)
        text += candidate + (description.map { padding + $0 } ?? "") + "\n"
      }
      fputs(text, dex_rl_outstream() ?? dex_rl_stdout())
      rl_forced_update_display()
    }

  /// The generator `rl_completion_matches` calls until it returns NULL; `state` 0 starts over.
  static let nextMatch:
    @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
      if state == 0 { matchIndex = 0 }
      guard matchIndex < matches.count else { return nil }
      defer { matchIndex += 1 }
      return strdup(matches[matchIndex])
    }
}
