import DexTesting
import Foundation
import Testing

/// The sharing tools as the Pokédex uses them, through real `dex` processes on one data
/// directory: the trainer's name edited through its projection, a team row that follows a
/// favorite another process toggles, and a favorites file that cannot be loaded shown as the
/// value's load error until it can.
@Suite struct SharingToolsAcrossProcessesTests {
  let directory: TemporaryDirectory
  let data: String

  init() throws {
    directory = try TemporaryDirectory()
    data = directory.path("data")
  }

  func dex(_ name: String) async throws -> DexConversation {
    let dex = try DexConversation(["--data-dir", data], directory: directory, name: name)
    #expect(try await dex.type("favs", thenWaitFor: "No favorites yet."))
    return dex
  }

  /// Waits until favorites.json holds `text`; false if it never did within 10 s.
  func favorites(become text: String) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if (try? String(contentsOfFile: data + "/favorites.json", encoding: .utf8)) == text {
        return true
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// Replaces favorites.json at once, as another program saving it would.
  func replaceFavorites(with text: String) throws {
    let temporary = data + "/favorites.json.outside"
    try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, data + "/favorites.json") == 0)
  }

  @Test func theTrainerEditorEditsTheNameThroughTheTeamsTrainer() async throws {
    let a = try await dex("a")
    #expect(try await a.type("send .team(.trainerTapped)", thenWaitFor: "#1 sent"))
    #expect(
      try await a.type(
        #"send .team(.editor(.presented(.nameChanged("Ash"))))"#,
        thenWaitFor: #"+   name: "Ash""#))
    #expect(try await a.type("state team.trainer.name", thenWaitFor: #""Ash""#))
    #expect(try await a.type("back", thenWaitFor: "at #1"))
    #expect(try await a.type("state team.trainer.name", thenWaitFor: #""Red""#))
    #expect(try await a.finish() == 0)
  }

  @Test func aTeamRowFollowsAFavoriteToggledInAnotherProcess() async throws {
    let a = try await dex("a")
    let b = try await dex("b")
    #expect(try await a.type("send .team(.addTapped(id: 25))", thenWaitFor: "#1 sent"))
    #expect(try await a.type("state team.members[0].isFavorite", thenWaitFor: "false"))
    #expect(try await b.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(try await a.waitFor { $0.contains("#2 external favorites.json") })
    #expect(
      try await a.type(
        "state team.members[0].isFavorite",
        thenWaitFor: "true\n(in the value of @Shared(favorites.json))"))
    #expect(try await b.type("fav 25", thenWaitFor: "#2 sent"))
    #expect(try await a.waitFor { $0.contains("#3 external favorites.json") })
    #expect(try await a.type("state team.members[0].isFavorite", thenWaitFor: "false"))
    #expect(try await a.finish() == 0)
    #expect(try await b.finish() == 0)
  }

  @Test func aCorruptFavoritesFileIsTheLoadErrorUntilAWriteClearsIt() async throws {
    let a = try await dex("a")
    #expect(try await a.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(try await favorites(become: "[25]"))
    try replaceFavorites(with: "[25,")
    #expect(try await a.waitFor { $0.contains("favorites.json loadError: ") })
    #expect(
      try await a.type(
        "shared favorites", thenWaitFor: "[]\nloadError: \(data)/favorites.json is not valid JSON"))
    #expect(try await a.type("fav 1", thenWaitFor: "#3 sent"))
    #expect(try await a.waitFor { $0.contains("favorites.json loadError cleared") })
    #expect(try await a.type("shared favorites", thenWaitFor: "[1]\n"))
    #expect(!a.transcript.hasSuffix("loadError"))
    #expect(try await a.finish() == 0)
  }

  @Test func anUnreadableFavoritesFileIsTheLoadErrorUntilItCanBeReadAgain() async throws {
    let a = try await dex("a")
    #expect(try await a.type("fav 4", thenWaitFor: "#1 sent"))
    #expect(try await favorites(become: "[4]"))
    try FileManager.default.removeItem(atPath: data + "/favorites.json")
    try FileManager.default.createDirectory(
      atPath: data + "/favorites.json", withIntermediateDirectories: false)
    #expect(try await a.waitFor { $0.contains("favorites.json loadError: cannot read ") })
    // The value is [4], or [] when the watcher saw the file missing before the directory came.
    #expect(try await a.type("shared favorites", thenWaitFor: "]\nloadError: cannot read "))
    try FileManager.default.removeItem(atPath: data + "/favorites.json")
    try replaceFavorites(with: "[4,7]")
    // Cleared as soon as the directory is gone (a missing file is the default), then [4,7].
    #expect(try await a.waitFor { $0.contains("favorites.json loadError cleared") })
    #expect(try await a.waitFor { $0.contains("+   7") })
    #expect(try await a.type("shared favorites", thenWaitFor: "[4, 7]"))
    #expect(try await a.finish() == 0)
  }
}
