import DexTesting
import Foundation
import Testing

/// A history its limit folded (`--history-limit`), through the real `dex`: its export imports
/// with the same entry numbers, and `record` says that the replay starts without the folded
/// entries.
@Suite struct FoldedHistoryTests {
  static let team = """
    send .team(.addTapped(id: 1))
    send .team(.addTapped(id: 4))
    send .team(.addTapped(id: 7))
    send .team(.addTapped(id: 25))

    """

  @Test func aFoldedSessionExportsAFileItsImportTakesWithTheSameNumbers() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("folded.json")
    let exported = try await DexProcess.run(
      ["--history-limit", "2"], input: Self.team + "export \(file)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let imported = try await DexProcess.run(
      input: """
        import \(file)
        expect team.members.count == 4
        back
        expect team.members.count == 3
        log

        """)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput.hasSuffix(
        "> #3 sent .team(.addTapped(id: 7))\n  #4 sent .team(.addTapped(id: 25))\n"),
      "\(imported.standardOutput)")
  }

  @Test func recordOfAFoldedSessionSaysTheReplayStartsWithoutTheFoldedEntries() async throws {
    let directory = try TemporaryDirectory()
    let result = try await DexProcess.run(
      ["--history-limit", "2"], input: Self.team + "record \(directory.path("r.dex"))\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "warning: the replay may differ: the history limit folded #1…#2 into where history "
          + "starts; the replay starts without them\n"),
      "\(result.standardOutput)")
  }
}
