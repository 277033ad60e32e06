#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor with no prompt, no echo and no readline — for scripts,
/// pipes and tests, which must never depend on a terminal.
///
/// Lines may be of any length; `\n` and `\r\n` both end a line, and a last line without a
/// terminator is still a line. Bytes that are not UTF-8 become U+FFFD.
package struct PlainLineReader: LineReader {
  package let asynchronousOutput = AsynchronousOutput()
  private let input: Int32
  private let output: TextOutput
  private var buffer: [UInt8] = []
  /// Where the unread part of `buffer` starts.
  private var start = 0
  /// Where to resume looking for a newline (everything before it was searched already).
  private var searchFrom = 0
  private var reachedEnd = false

  /// A reader of `input` (standard input by default) that prints posted text to `output`.
  package init(fileDescriptor input: Int32 = STDIN_FILENO, output: TextOutput = .standardOutput) {
    self.input = input
    self.output = output
  }

  /// The next line; `prompt` is ignored (a plain reader never prompts).
  package mutating func readLine(prompt: String) -> LineReaderEvent {
    printPendingOutput()
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
        return .line(takeLine(upTo: newline, consumingTerminator: true))
      }
      searchFrom = buffer.count
      if reachedEnd {
        return start < buffer.count ? .line(takeLine(upTo: buffer.count)) : .endOfInput
      }
      fillBuffer()
    }
  }

  /// Nothing to restore: a plain reader changes neither the terminal nor signal handling.
  package mutating func finish() {
    printPendingOutput()
  }

  private mutating func takeLine(upTo end: Int, consumingTerminator: Bool = false) -> String {
    var lineEnd = end
    if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    let line = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
    start = consumingTerminator ? end + 1 : end
    searchFrom = start
    return line
  }

  /// Reads what is available, or waits for input or posted output.
  private mutating func fillBuffer() {
    if start > 0 && start * 2 >= buffer.count {
      buffer.removeSubrange(0..<start)
      searchFrom -= start
      start = 0
    }
    guard let ready = POSIXDescriptor.waitUntilReadable([input, asynchronousOutput.wakeDescriptor])
    else {
      reachedEnd = true
      return
    }
    if ready[1] != 0 { printPendingOutput() }
    guard ready[0] != 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer.append(contentsOf: chunk[0..<count])
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      reachedEnd = true
    }
  }

  private func printPendingOutput() {
    let text = asynchronousOutput.takePending()
    if !text.isEmpty { output.write(text) }
  }
}
