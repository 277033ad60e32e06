import DexTesting
import Foundation
import Testing

/// Scripts start from fresh shared values in memory and touch no file of the user's unless a
/// data directory is named; `--json` prints one JSON object per line and nothing else.
@Suite struct HermeticScriptTests {
  @Test(arguments: ScriptTranscriptTests.scripts)
  func aShippedScriptPassesAndLeavesTheUsersFavoritesAlone(script: String) async throws {
    let directory = try TemporaryDirectory()
    let dataHome = directory.url.appendingPathComponent("xdg")
    let favorites = dataHome.appendingPathComponent("dex/favorites.json")
    try FileManager.default.createDirectory(
      at: favorites.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "[1,25]".write(to: favorites, atomically: true, encoding: .utf8)
    let scriptURL = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script)
    let result = try await DexProcess.run(
      [scriptURL.path], environment: ["XDG_DATA_HOME": dataHome.path], dataDirectory: false)
    #expect(result.status == 0, "\(script): \(result.standardError)")
    let expected = try String(
      contentsOf: scriptURL.deletingPathExtension().appendingPathExtension("expected"),
      encoding: .utf8)
    #expect(result.standardOutput == expected)
    #expect(try String(contentsOf: favorites, encoding: .utf8) == "[1,25]")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: favorites.deletingLastPathComponent().path)
        == ["favorites.json"])
  }

  @Test func aScriptSetsItsStartingFavoritesWithShared() async throws {
    let result = try await DexProcess.run(
      input: "shared favorites.json = [1, 25]\nexpect list.favorites == [1, 25]\nfav 1\nfavs\n",
      dataDirectory: false)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasSuffix("25 Pikachu\n"))
  }

  @Test func sharedNamesTheValuesThereAreWhenTheNameIsWrong() async throws {
    let result = try await DexProcess.run(input: "shared favourites.json = []\n")
    let names =
      "appStorage:defaultLevel, appStorage:pageSize, appStorage:showsOnlyFavorites, "
      + "favorites.json, inMemory:downloads, team.trainer"
    let expected: Substring =
      "<stdin>:1: shared: no shared value is called 'favourites.json'. Did you mean "
      + "'favorites.json'? The shared values are: \(names). Usage: shared [NAME [= VALUE]]"
    #expect(result.errorLines == [expected])
  }

  @Test(arguments: ScriptTranscriptTests.scripts)
  func everyLineOfAJSONTranscriptIsAnObjectWithAType(script: String) async throws {
    let scriptURL = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script)
    let result = try await DexProcess.run(["--json", scriptURL.path])
    #expect(result.status == 0, "\(script): \(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["type"] is String, "\(script): not an object with a type: \(line.prefix(80))")
      if let diff = object?["diff"] as? [String: Any], let state = diff["state"] as? [String: Any] {
        #expect(state["rootType"] as? String == "AppFeature.State")
      }
    }
  }

  @Test func aFailingLineIsAnErrorObjectInTheJSONTranscript() async throws {
    let result = try await DexProcess.run(["--json"], input: "favs\nexpect list.favorites == [1]\n")
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == #"{"type":"favorites","favorites":[]}"#)
    #expect(
      lines.last
        == #"{"type":"error","source":"<stdin>","line":2,"message":"expectation failed: list.favorites: expected [1], found []"}"#
    )
  }
}
