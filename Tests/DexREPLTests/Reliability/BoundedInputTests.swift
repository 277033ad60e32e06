import DexTesting
import Foundation
import Testing

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
