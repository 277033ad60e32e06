import DexTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary under bad input, big input, broken data directories and a second process.
@Suite struct ResourceAndFileTests {
  @Test func aOneMegabyteLineIsRefusedWithOneErrorAndTheRunGoesOn() async throws {
    let line = "send .list(.search(.queryChanged(\"" + String(repeating: "a", count: 1_048_576) + "\")))"
    let result = try await DexProcess.run(["--keep-going"], input: line + "\nfavs\n")
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1)
    let refusal =
      "<stdin>:1: this line is longer than 262144 bytes, the most dex reads; the rest of it was "
      + "skipped. Split it, or send the value in smaller parts."
    #expect(result.errorLines.first.map(String.init) == refusal)
    #expect(result.standardOutput.contains("No favorites yet."))
  }

  @Test func literalsNestedTenThousandDeepAreRefusedWithoutOverflow() async throws {
    let deep = "send ." + String(repeating: "list(", count: 10_000) + String(repeating: ")", count: 10_000)
    let result = try await DexProcess.run(input: deep + "\n")
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1)
    #expect(
      result.errorLines.first?.hasPrefix(
        "<stdin>:1: cannot read the action: Nesting deeper than 256 levels at column") == true,
      "\(result.errorLines)")
  }

  @Test(.timeLimit(.minutes(5)))
  func aMillionLineScriptStreamsWithoutGrowingMemory() async throws {
    let directory = try TemporaryDirectory()
    func script(lines: Int) throws -> String {
      let path = directory.url.appendingPathComponent("lines-\(lines).dex").path
      // Comments mostly (they stream past without work), a command every thousand lines.
      var text = ""
      for index in 0..<10_000 {
        text += index % 1_000 == 0 ? "expect favorites.favorites == []\n" : "# line \(index) of a long script\n"
      }
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      for _ in 0..<(lines / 10_000) { handle.write(Data(text.utf8)) }
      try handle.close()
      return path
    }
    let smallScript = try script(lines: 10_000)
    let largeScript = try script(lines: 1_000_000)
    let data = directory.url.path
    let small = try await PeakMemory.run(["--data-dir", data + "/peak", smallScript])
    let large = try await PeakMemory.run(["--data-dir", data + "/peak", largeScript])
    #expect(small.status == 0 && large.status == 0)
    // A million lines that record nothing must not hold the script (~30 MB) in memory.
    // (Under AddressSanitizer freed memory sits in quarantine, so resident size says nothing.)
    if !PeakMemory.underAddressSanitizer {
      #expect(large.kilobytes - small.kilobytes < 8_000, "peak RSS \(small.kilobytes) KB → \(large.kilobytes) KB")
    }
  }

  @Test func twoProcessesTogglingDifferentFavoritesKeepEveryToggle() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.url.appendingPathComponent("data").path
    func script(_ ids: ClosedRange<Int>) throws -> String {
      let path = directory.url.appendingPathComponent("toggle-\(ids.lowerBound).dex").path
      try ids.map { "fav \($0)" }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let first = try script(1...200)
    let second = try script(201...400)
    async let one = DexProcess.run(["--data-dir", data, first], dataDirectory: false)
    async let two = DexProcess.run(["--data-dir", data, second], dataDirectory: false)
    let results = try await [one, two]
    #expect(results.map(\.status) == [0, 0], "\(results.map(\.standardError))")
    let file = try String(contentsOfFile: data + "/favorites.json", encoding: .utf8)
    #expect(file == "[" + (1...400).map(String.init).joined(separator: ",") + "]")
  }

  @Test func aDataDirectoryBehindAFileIsReportedOncePerFileThenTheLostTogglesAtTheEnd()
    async throws
  {
    let directory = try TemporaryDirectory()
    let blocker = directory.url.appendingPathComponent("blocker")
    try Data("I am a file".utf8).write(to: blocker)
    let data = blocker.appendingPathComponent("dex").path
    let result = try await DexProcess.run(
      ["--data-dir", data], input: "fav 1\nfav 4\nfavs\n", dataDirectory: false)
    #expect(result.status == 1, "a script whose toggles are lost fails")
    let refusal = "cannot write \(data)/favorites.json: cannot create the directory \(data) (Not a directory)"
    let settings = "cannot write \(data)/settings.json: cannot create the directory \(data) (Not a directory)"
    // The settings' defaults, written on first use, are not written either; they are not lost.
    let expected: [Substring] = [
      "dex: \(settings). Changes are kept in memory and retried on every change and at exit.",
      "dex: \(refusal). Changes are kept in memory and retried on every change and at exit.",
      "dex: \(data)/favorites.json was not written (\(refusal)); these toggles are lost: fav 1 (Bulbasaur, added), fav 4 (Charmander, added).",
    ]
    #expect(result.errorLines == expected)
    #expect(result.standardOutput.hasSuffix("1 Bulbasaur\n4 Charmander\n"))
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "I am a file")
  }

  @Test func recordAndExportNeverOverwriteWithoutTheBangForm() async throws {
    let directory = try TemporaryDirectory()
    let existing = directory.url.appendingPathComponent("keep.json")
    try Data("precious".utf8).write(to: existing)
    let result = try await DexProcess.run(
      ["--keep-going"], input: "fav 1\nexport \(existing.path)\nrecord \(existing.path)\ngentest \(existing.path)\n")
    #expect(result.status == 1)
    #expect(result.errorLines.count == 3)
    #expect(try String(contentsOf: existing, encoding: .utf8) == "precious")
    let forced = try await DexProcess.run(input: "fav 1\nexport! \(existing.path)\n")
    #expect(forced.status == 0)
    #expect(try String(contentsOf: existing, encoding: .utf8).hasPrefix("{"))
  }
}
