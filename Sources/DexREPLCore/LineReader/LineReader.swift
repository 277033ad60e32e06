/// Something that reads the REPL's input one line at a time.
///
/// `ReadlineLineReader` edits lines on a terminal; `PlainLineReader` reads scripts and pipes.
/// Both print text posted to `asynchronousOutput` while they wait, without corrupting the line
/// being typed.
package protocol LineReader {
  /// Where other threads post text that arrives while a line is read (an effect's action).
  var asynchronousOutput: AsynchronousOutput { get }

  /// Shows `prompt` (if the reader shows prompts) and waits for the next line, an interrupt or
  /// the end of the input.
  mutating func readLine(prompt: String) -> LineReaderEvent

  /// Ends reading: restores the terminal and signal handlers and saves the history.
  /// Call it once, after the last `readLine`.
  mutating func finish()
}

/// The longest line dex runs (256 KiB): a page of model data fits, a runaway paste does not.
package let maximumLineLength = 262_144

/// What came out of one `LineReader.readLine(prompt:)`.
package enum LineReaderEvent: Equatable, Sendable {
  /// A complete line, without its line terminator.
  case line(String)
  /// Ctrl-C: the line being typed was discarded; read again.
  case interrupt
  /// Ctrl-D on an empty line, the end of the input, or SIGHUP/SIGTERM.
  case endOfInput
  /// A line longer than the REPL reads: refused as soon as it was that long, and the rest of it
  /// skipped (plain readers only).
  case lineTooLong
}
