import DexTesting
import Foundation
import Testing

/// `record --expect` through the real binary: every shipped script's session, recorded with its
/// expectations, replays with all of them holding on the build that recorded it.
@Suite struct RecordExpectTests {
  @Test(arguments: ScriptTranscriptTests.scripts)
  func theRecordingOfAShippedScriptWithItsExpectationsReplays(script: String) async throws {
    let directory = try TemporaryDirectory()
    let recording = directory.url.appendingPathComponent("recorded.dex").path
    let session = directory.url.appendingPathComponent("session.dex")
    let scriptPath = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script).path
    try "run \(scriptPath)\nrecord --expect \(recording)\n"
      .write(to: session, atomically: true, encoding: .utf8)
    let recorded = try await DexProcess.run([session.path])
    #expect(recorded.status == 0, "\(recorded.standardError)")
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("expect ") }, "\(script) recorded no expect")
    let replay = try await DexProcess.run([recording])
    #expect(replay.standardError == "", "\(script)")
    #expect(replay.status == 0)
  }

  @Test func aFavoriteIsCheckedAtTheStatePathThatShowsTheSharedValue() async throws {
    let directory = try TemporaryDirectory()
    let recording = directory.url.appendingPathComponent("recorded.dex").path
    let result = try await DexProcess.run(
      [], input: "fav 25\nfav 1\nfav 25\nrecord --expect \(recording)\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
    #expect(
      lines.filter { !$0.hasPrefix("shared ") && !$0.hasPrefix("#") } == [
        "send .favorites(.favoriteTapped(id: 25))", "expect list.favorites.count == 1",
        "expect list.favorites contains 25", "send .favorites(.favoriteTapped(id: 1))",
        "expect list.favorites.count == 2", "expect list.favorites contains 1",
        "send .favorites(.favoriteTapped(id: 25))", "expect list.favorites.count == 1",
      ])
  }
}
