#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor with no prompt, no echo and no readline — for scripts,
/// pipes and tests, which must never depend on a terminal.
///
/// `\n` and `\r\n` both end a line, and a last line without a terminator is still a line. A
/// line longer than `maximumLineLength` is `.lineTooLong` as soon as that many bytes arrived
/// without a newline, and the rest of it is skipped as it arrives, so memory stays bounded
/// whatever the input (`dex /dev/zero`). A UTF-8 byte order mark at the start is skipped. Bytes
/// that are not UTF-8 become U+FFFD.
package struct PlainLineReader: LineReader {
  package let asynchronousOutput = AsynchronousOutput()
  private let input: Int32
  private let output: TextOutput
  private let maximumLineLength: Int
  private var buffer: [UInt8] = []
  /// Where the unread part of `buffer` starts.
  private var start = 0
  /// Where to resume looking for a newline (everything before it was searched already).
  private var searchFrom = 0
  private var reachedEnd = false
  /// Whether the rest of a line too long to read is being skipped.
  private var skippingLine = false
  /// Whether the first bytes, which may be a byte order mark, are still to come.
  private var atStart = true

  /// A reader of `input` (standard input by default) that prints posted text to `output` and
  /// refuses lines longer than `maximumLineLength` bytes.
  package init(
    fileDescriptor input: Int32 = STDIN_FILENO, output: TextOutput = .standardOutput,
    maximumLineLength: Int = DexREPLCore.maximumLineLength
  ) {
    self.input = input
    self.output = output
    self.maximumLineLength = maximumLineLength
  }

  /// The next line; `prompt` is ignored (a plain reader never prompts).
  package mutating func readLine(prompt: String) -> LineReaderEvent {
    printPendingOutput()
    while true {
      if atStart, skipByteOrderMark() { continue }
      let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n"))
      if skippingLine {
        guard let newline else {
          discardBuffer()
          if reachedEnd { return .endOfInput }
          fillBuffer()
          continue
        }
        skippingLine = false
        start = newline + 1
        searchFrom = start
        continue
      }
      if let newline {
        guard newline - start <= maximumLineLength + 1 else {
          start = newline + 1
          searchFrom = start
          return .lineTooLong
        }
        let line = takeLine(upTo: newline, consumingTerminator: true)
        guard line.utf8.count <= maximumLineLength else { return .lineTooLong }
        return .line(line)
      }
      searchFrom = buffer.count
      if buffer.count - start > maximumLineLength + 1 {
        // Refused now, before the rest of it arrives: the newline may never come.
        skippingLine = true
        discardBuffer()
        return .lineTooLong
      }
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

  /// Drops the bytes of a UTF-8 byte order mark at the start of the input; true when the first
  /// bytes are still too few to tell.
  private mutating func skipByteOrderMark() -> Bool {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    if buffer.count < mark.count, !reachedEnd, buffer.elementsEqual(mark.prefix(buffer.count)) {
      fillBuffer()
      return true
    }
    atStart = false
    if buffer.starts(with: mark) {
      start = mark.count
      searchFrom = start
    }
    return false
  }

  private mutating func discardBuffer() {
    buffer.removeAll(keepingCapacity: true)
    start = 0
    searchFrom = 0
  }

  /// Reads what is available, or waits for input or posted output (or a signal that ends dex).
  private mutating func fillBuffer() {
    if start > 0 && start * 2 >= buffer.count {
      buffer.removeSubrange(0..<start)
      searchFrom -= start
      start = 0
    }
    let descriptors = [input, asynchronousOutput.wakeDescriptor, TerminalSignals.wakeDescriptor]
    guard let ready = POSIXDescriptor.waitUntilReadable(descriptors),
      !TerminalSignals.terminationRequested
    else {
      reachedEnd = true
      return
    }
    if ready[1] != 0 { printPendingOutput() }
    if ready[2] != 0 { TerminalSignals.drainWakeups() }
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
