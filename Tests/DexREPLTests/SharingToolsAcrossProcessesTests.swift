import DexTesting
import Foundation
import Testing

/// The sharing tools as the Pokédex uses them, through real `dex` processes on one data
/// directory: the trainer's name edited through its projection, a team row that follows a
/// favorite another process toggles, and a favorites file that cannot be loaded shown as the
/// value's load error until it can; time travel, `record`, `export`, `import`, the page and
/// `gentest` carry the projected values.
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

  @Test func theEditedNameAndAFavoriteFromAnotherProcessTravelAndLeaveWithTheSession()
    async throws
  {
    let a = try await dex("a")
    let b = try await dex("b")
    #expect(try await a.type("send .team(.addTapped(id: 25))", thenWaitFor: "#1 sent"))
    #expect(try await a.type("send .team(.trainerTapped)", thenWaitFor: "#2 sent"))
    #expect(
      try await a.type(
        #"send .team(.editor(.presented(.nameChanged("Ash"))))"#, thenWaitFor: "#3 sent"))
    #expect(try await b.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(try await a.waitFor { $0.contains("#4 external favorites.json") })
    // Back before the rename: the name is the trainer's then; another process's favorite
    // stays (time travel takes back only this session's changes).
    #expect(try await a.type("back", thenWaitFor: "at #2"))
    #expect(try await a.type("state team.editor.name", thenWaitFor: #""Red""#))
    #expect(try await a.type("state team.members[0].isFavorite", thenWaitFor: "true"))
    #expect(try await a.type("forward", thenWaitFor: "at #4"))
    #expect(try await a.type("state team.editor.name", thenWaitFor: #""Ash""#))
    let recording = directory.path("session.dex")
    let exported = directory.path("session.json")
    let page = directory.path("session.html")
    let generated = directory.path("SessionTests.swift")
    #expect(try await a.type("record \(recording)", thenWaitFor: "recorded 3 sent actions"))
    #expect(try await a.type("export \(exported)", thenWaitFor: "exported 4 entries"))
    #expect(try await a.type("export --html \(page)", thenWaitFor: "wrote a page of 4 entries"))
    #expect(try await a.type("gentest \(generated)", thenWaitFor: "wrote a Swift Testing test"))
    #expect(try await a.finish() == 0)
    #expect(try await b.finish() == 0)

    // The recording replays to the same name and favorite, in a process of its own.
    let replayed = try await DexProcess.run(
      input: try String(contentsOfFile: recording, encoding: .utf8)
        + "\nstate team.editor.name\nstate team.members[0].isFavorite\n")
    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(replayed.standardOutput.hasSuffix(
      "\"Ash\"\n(in the value of @Shared(team.trainer))\n"
        + "true\n(in the value of @Shared(favorites.json))\n"))
    // The exported session imports with the editor still editing the team's trainer.
    let imported = try await DexProcess.run(
      input: "import \(exported)\nstate team.editor.name\n"
        + #"send .team(.editor(.presented(.badgeEarned("Boulder"))))"# + "\nstate team.trainer\n")
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains(#""Ash""# + "\n(in the value of @Shared(team.trainer))"))
    #expect(imported.standardOutput.hasSuffix(
      #"Trainer(name: "Ash", badges: ["Boulder"])"# + "\n(the value of @Shared(team.trainer))\n"))
    // The page shows the rename in the trainer's own section.
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains(#"+   name: \"Ash\""#))
    #expect(html.contains(#"TrainerEditorFeature.State(name: \"Red\", badges: [])"#))
    // The generated test hands the editor the team's trainer's parts and replays the other
    // process's favorite (scripts/sharing.dex's generated test compiles and runs the same).
    let test = try String(contentsOfFile: generated, encoding: .utf8)
    #expect(test.contains(
      "$0.team.editor = TrainerEditorFeature.State(name: $0.team.$trainer.name, "
        + "badges: $0.team.$trainer.badges)"))
    #expect(test.contains("store.changeShared { Shared(.favorites).withLock { $0 = [25] } }"))
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
