import Foundation
import Testing

@testable import DexREPLCore

/// The plain reader over a real pipe, fed by a writer thread.
@Suite struct PlainLineReaderTests {
  /// Every event until the end of the input, with `bytes` written to the reader's pipe.
  private func events(reading bytes: [UInt8]) -> [LineReaderEvent] {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    let thread = Thread {
      writer.write(Data(bytes))
      try? writer.close()
    }
    thread.start()
    var reader = PlainLineReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
    var events: [LineReaderEvent] = []
    while true {
      let event = reader.readLine(prompt: "ignored> ")
      events.append(event)
      if event == .endOfInput || events.count > 10_000 { break }
    }
    return events
  }

  private func events(reading text: String) -> [LineReaderEvent] {
    events(reading: Array(text.utf8))
  }

  @Test func linesEndAtNewlines() {
    #expect(events(reading: "help\nquit\n") == [.line("help"), .line("quit"), .endOfInput])
  }

  @Test func crlfEndsALineWithoutLeavingACarriageReturn() {
    #expect(events(reading: "help\r\nquit\r\n") == [.line("help"), .line("quit"), .endOfInput])
  }

  @Test func aLastLineWithoutNewlineIsStillALine() {
    #expect(events(reading: "help\nquit") == [.line("help"), .line("quit"), .endOfInput])
  }

  @Test func emptyLinesAreLinesAndEmptyInputIsTheEnd() {
    #expect(events(reading: "\n\n") == [.line(""), .line(""), .endOfInput])
    #expect(events(reading: "") == [.endOfInput])
    #expect(events(reading: "\r") == [.line(""), .endOfInput])
  }

  @Test func linesLongerThanAnyBufferArriveWholeUpToTheLimit() {
    let long = String(repeating: "pikachu ", count: 32_768)
    #expect(long.utf8.count == maximumLineLength)
    #expect(events(reading: "\(long)\r\nshort\n\(long)") == [
      .line(long), .line("short"), .line(long), .endOfInput,
    ])
  }

  @Test func aLineOverTheLimitIsRefusedAndReadingGoesOnAtTheNextLine() {
    let tooLong = String(repeating: "a", count: maximumLineLength + 1)
    let huge = String(repeating: "b", count: 5 * maximumLineLength)
    #expect(events(reading: "\(tooLong)\nshort\n\(huge)\nlast\n\(huge)") == [
      .lineTooLong, .line("short"), .lineTooLong, .line("last"), .lineTooLong, .endOfInput,
    ])
  }

  @Test func aByteOrderMarkAtTheStartIsSkipped() {
    #expect(events(reading: "\u{FEFF}fav 1\n\u{FEFF}x\n") == [.line("fav 1"), .line("\u{FEFF}x"), .endOfInput])
    #expect(events(reading: [0xEF, 0xBB]) == [.line("\u{FFFD}"), .endOfInput])
  }

  @Test func manyShortLinesKeepTheirOrder() {
    let lines = (1...5_000).map { "line \($0)" }
    let expected = lines.map(LineReaderEvent.line) + [.endOfInput]
    #expect(events(reading: lines.joined(separator: "\n") + "\n") == expected)
  }

  @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
    #expect(events(reading: [0x68, 0xFF, 0x69, 0x0A]) == [.line("h\u{FFFD}i"), .endOfInput])
  }

  @Test func postedOutputIsPrintedWhileWaitingForInput() throws {
    let pipe = Pipe()
    let output = OutputCapture()
    var reader = PlainLineReader(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor, output: output.output)
    let mailbox = reader.asynchronousOutput
    let writer = pipe.fileHandleForWriting
    let thread = Thread {
      mailbox.post("received .pageLoaded")
      // Only once the text is out does the line arrive, so the read must have printed it.
      while output.text.isEmpty { usleep(1_000) }
      writer.write(Data("help\n".utf8))
    }
    thread.start()
    #expect(reader.readLine(prompt: "") == .line("help"))
    #expect(output.text == "received .pageLoaded\n")
  }
}
