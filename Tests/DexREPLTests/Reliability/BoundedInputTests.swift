import DexTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary reading input with no newline in sight: the line limit applies while the
/// line is read, so memory stays bounded and a script stops at once.
@Suite(.serialized) struct BoundedInputTests {
  static let refusal =
    "this line is longer than 262144 bytes, the most dex reads; the rest of it was skipped. "
    + "Split it, or send the value in smaller parts."

  /// The peak of a session that reads `lines` (short ones): the same work without the long
  /// line.
  static func baseline(_ lines: String = "favs\n") async throws -> PeakMemory.Measurement {
    try await PeakMemory.run([], then: lines)
  }

  /// Fails when `measured` grew more than 4 MB over `baseline` (not measurable under ASan):
  /// reading a line whole would hold every byte fed.
  static func expectBounded(_ measured: PeakMemory.Measurement, over baseline: PeakMemory.Measurement) {
    guard !PeakMemory.underAddressSanitizer else { return }
    #expect(
      measured.kilobytes - baseline.kilobytes < 4_000,
      "peak RSS \(baseline.kilobytes) KB → \(measured.kilobytes) KB")
  }

  @Test(.timeLimit(.minutes(1)))
  func aScriptThatIsDevZeroStopsAtItsFirstLine() async throws {
    let baseline = try await Self.baseline()
    let result = try await PeakMemory.run(["/dev/zero"])
    #expect(result.status == 1)
    #expect(result.standardError == "/dev/zero:1: \(Self.refusal)\n")
    Self.expectBounded(result, over: baseline)
  }

  @Test(.timeLimit(.minutes(1)))
  func runningDevZeroStopsThatScript() async throws {
    let baseline = try await Self.baseline()
    let result = try await PeakMemory.run([], then: "run /dev/zero\n")
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "/dev/zero:1: \(Self.refusal)\n<stdin>:1: script /dev/zero stopped at the failure above.\n")
    Self.expectBounded(result, over: baseline)
  }

  @Test(.timeLimit(.minutes(1)))
  func eightMegabytesWithoutANewlineAreSkippedAndTheNextLineRuns() async throws {
    // `fav 25` reads the bundled Pokédex: the baseline does too.
    let baseline = try await Self.baseline("fav 25\nquit\n")
    let result = try await PeakMemory.run(
      ["--keep-going"], feeding: 8 << 20, then: "\nfav 25\nquit\n")
    #expect(result.status == 1)
    #expect(result.standardError == "<stdin>:1: \(Self.refusal)\n")
    Self.expectBounded(result, over: baseline)
  }
}

/// Scripts that are FIFOs: opening one never blocks, so dex waits for its lines as it waits for
/// standard input, and SIGTERM ends it as it ends any session.
@Suite(.serialized) struct FIFOScriptTests {
  /// Waits until process `pid` holds `path` open (it got past `open`); false after 20 s.
  static func waitUntilOpen(_ path: String, by pid: Int32) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    while clock.now < deadline {
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
      if descriptors.contains(where: {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path
      }) {
        return true
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// `dex FIFO` on a new FIFO with no writer, once dex holds it open.
  static func dexOnAFIFO(in directory: TemporaryDirectory) async throws -> (DexConversation, String) {
    let fifo = directory.path("script.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let dex = try DexConversation([fifo], directory: directory, name: "fifo")
    #expect(try await waitUntilOpen(fifo, by: dex.processIdentifier), "dex never opened the FIFO")
    return (dex, fifo)
  }

  @Test(.timeLimit(.minutes(1)))
  func aScriptFIFOWithNoWriterStillEndsOnSIGTERM() async throws {
    let directory = try TemporaryDirectory()
    let (dex, _) = try await Self.dexOnAFIFO(in: directory)
    kill(dex.processIdentifier, SIGTERM)
    #expect(try await dex.finish() == SIGTERM)
  }

  @Test(.timeLimit(.minutes(1)))
  func aScriptFIFOWhoseWriterComesLaterRunsItsLines() async throws {
    let directory = try TemporaryDirectory()
    let (dex, fifo) = try await Self.dexOnAFIFO(in: directory)
    let writer = try #require(FileHandle(forWritingAtPath: fifo))
    try writer.write(contentsOf: Data("find pika\n".utf8))
    try writer.close()
    #expect(try await dex.finish() == 0)
    #expect(dex.transcript.contains("25 Pikachu (electric)"), "\(dex.transcript)")
  }
}

/// A command going on over many lines costs time in proportion to its length.
@Suite struct LongCommandTests {
  @Test(.timeLimit(.minutes(1)))
  func aHundredThousandLinesOfAnOpenCommandEndInOneError() async throws {
    let script = String(repeating: "send .list(\n", count: 100_000)
    let result = try await DexProcess.run(["--keep-going"], input: script)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:1: the command never closes its '(' before the input ends; close it, or press "
          + "Ctrl-C to drop it."
      ])
  }

  @Test(.timeLimit(.minutes(1)))
  func aClosedCommandOfTooManyLinesIsSkippedToWhereItClosesAndTheNextLineRuns() async throws {
    let script =
      String(repeating: "send .list(\n", count: 50_000) + String(repeating: ")\n", count: 50_000)
      + "find pika\n"
    let result = try await DexProcess.run(["--keep-going"], input: script)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:1: this command goes on over 100000 lines and more than 262144 bytes, the most "
          + "dex runs; it was skipped to where it closes. Send the value in smaller parts."
      ])
    #expect(result.standardOutput.contains("25 Pikachu (electric)"))
  }
}
