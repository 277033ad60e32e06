import DexPlatform
import DexREPLCore

/// Collects what a `TextOutput` receives, for in-process tests.
final class OutputCapture: Sendable {
  private let storage = LockedValue("")

  var text: String { storage.withLock { $0 } }

  var output: TextOutput {
    TextOutput { [self] text in storage.withLock { $0 += text } }
  }
}

/// A `LineReader` that replays a fixed list of events, then reports the end of the input.
struct ScriptedLineReader: LineReader {
  let asynchronousOutput = AsynchronousOutput()
  var events: [LineReaderEvent]
  private(set) var prompts: [String] = []
  private(set) var finished = false

  init(_ events: [LineReaderEvent]) {
    self.events = events
  }

  init(lines: [String]) {
    self.init(lines.map(LineReaderEvent.line))
  }

  mutating func readLine(prompt: String) -> LineReaderEvent {
    prompts.append(prompt)
    return events.isEmpty ? .endOfInput : events.removeFirst()
  }

  mutating func finish() {
    finished = true
  }
}
