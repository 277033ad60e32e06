import DexTesting
import Foundation
import Testing

/// Two real `dex` processes on one data directory: what one does (a favorite, a setting) shows
/// up in the other as an external entry, and time travel in one never undoes the other's change.
@Suite struct TimeTravelAcrossProcessesTests {
  struct Pair {
    let directory: TemporaryDirectory
    let data: String
    let a: DexConversation
    let b: DexConversation

    init() throws {
      directory = try TemporaryDirectory()
      data = directory.path("data")
      a = try DexConversation(["--data-dir", data], directory: directory, name: "a")
      b = try DexConversation(["--data-dir", data], directory: directory, name: "b")
    }

    /// Waits until both processes answer, so neither starts after the other's first change
    /// (it would read that change as its starting value instead of an external entry).
    func ready() async throws -> Bool {
      let a = try await self.a.type("favs", thenWaitFor: "No favorites yet.")
      let b = try await self.b.type("favs", thenWaitFor: "No favorites yet.")
      return a && b
    }

    /// Waits until favorites.json holds `text`; false if it never did within 5 s.
    func favorites(become text: String) async throws -> Bool {
      try await file("favorites.json", becomes: text)
    }

    /// Waits until the data directory's file `name` holds `text`; false if it never did
    /// within 5 s.
    func file(_ name: String, becomes text: String) async throws -> Bool {
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(5)
      while clock.now < deadline {
        if (try? String(contentsOfFile: data + "/" + name, encoding: .utf8)) == text {
          return true
        }
        try await Task.sleep(for: .milliseconds(20))
      }
      return false
    }
  }

  @Test func goingBackUndoesOnlyThisSessionsFavoriteAndForwardRedoesIt() async throws {
    let pair = try Pair()
    #expect(try await pair.ready())
    #expect(try await pair.a.type("fav 1", thenWaitFor: "#1 sent"))
    #expect(try await pair.favorites(become: "[1]"))
    #expect(try await pair.b.waitFor { $0.contains("#1 external favorites.json") })
    #expect(try await pair.b.type("fav 4", thenWaitFor: "#2 sent"))
    #expect(try await pair.favorites(become: "[1,4]"))
    #expect(try await pair.a.waitFor { $0.contains("#2 external favorites.json") })
    #expect(try await pair.a.type("back", thenWaitFor: "at #0"))
    #expect(try await pair.favorites(become: "[4]"))
    #expect(try await pair.a.type("forward", thenWaitFor: "at #2 favorites.json"))
    #expect(try await pair.favorites(become: "[1,4]"))
    #expect(try await pair.a.type("favs", thenWaitFor: "4 Charmander"))
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }

  /// Both go back; the other's going back reaches this session while it is in the past. It is
  /// recorded at the end of the branch, so `forward` still brings this session's favorite back
  /// (before, it started a new branch there and `forward` had nowhere to go: [] stayed).
  @Test func anOutsideChangeWhileInThePastKeepsTheBranchAheadForForward() async throws {
    let pair = try Pair()
    #expect(try await pair.ready())
    #expect(try await pair.a.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(try await pair.favorites(become: "[25]"))
    #expect(try await pair.b.waitFor { $0.contains("#1 external favorites.json") })
    #expect(try await pair.b.type("fav 4", thenWaitFor: "#2 sent"))
    #expect(try await pair.favorites(become: "[4,25]"))
    #expect(try await pair.a.waitFor { $0.contains("#2 external favorites.json") })
    #expect(try await pair.a.type("back", thenWaitFor: "at #0"))
    #expect(try await pair.favorites(become: "[4]"))
    #expect(try await pair.b.type("back", thenWaitFor: "at #1"))
    #expect(try await pair.favorites(become: "[]"))
    #expect(
      try await pair.a.waitFor {
        $0.contains("#3 external favorites.json")
          && $0.contains("(at the end of the branch; the session stays at #0)")
      })
    #expect(try await pair.a.type("forward", thenWaitFor: "at #3 favorites.json"))
    #expect(try await pair.favorites(become: "[25]"))
    #expect(try await pair.a.type("branches", thenWaitFor: "* branch 1: 3 entries, head #3"))
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }

  /// A send from the past after the file changed outside: the outside change is recorded at
  /// the cursor first, so going back undoes only `fav 7` (it undid 4 too: the file became []).
  @Test func goingBackFromASendInThePastKeepsWhatTheFileGotMeanwhile() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let result = try await DexProcess.run(
      ["--data-dir", data],
      input: """
        fav 1
        shared favorites.json = [1, 4]
        back
        fav 7
        expect favorites.favorites == [4, 7]
        back
        expect favorites.favorites == [4]
        record \(directory.path("r.dex"))

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try String(contentsOfFile: data + "/favorites.json", encoding: .utf8) == "[4]")
    #expect(
      result.standardOutput.contains("at #0 (the initial state)\n#3 external favorites.json\n"),
      "\(result.standardOutput)")
    let replay = try await DexProcess.run(
      [directory.path("r.dex")], input: "", dataDirectory: false)
    #expect(replay.status == 0, "\(replay.standardError)")
  }

  @Test func aChangeMadeWhileThisSessionWasInThePastSurvivesGoingForward() async throws {
    let pair = try Pair()
    #expect(try await pair.ready())
    #expect(try await pair.a.type("fav 1", thenWaitFor: "#1 sent"))
    #expect(try await pair.favorites(become: "[1]"))
    #expect(try await pair.a.type("back", thenWaitFor: "at #0"))
    #expect(try await pair.favorites(become: "[]"))
    #expect(try await pair.b.type("fav 4", thenWaitFor: "sent .favorites(.favoriteTapped(id: 4))"))
    #expect(try await pair.favorites(become: "[4]"))
    #expect(try await pair.a.waitFor { $0.contains("external favorites.json") })
    #expect(try await pair.a.type("jump 1", thenWaitFor: "at #1"))
    #expect(try await pair.favorites(become: "[1,4]"))
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }

  @Test func aSettingChangedInOneSizesTheOthersNextPageAndGoingBackPutsItBack() async throws {
    let pair = try Pair()
    #expect(try await pair.ready())
    let pageSize = #"send .settings(.binding(.set(\.pageSize, 7)))"#
    #expect(try await pair.a.type(pageSize, thenWaitFor: "#1 sent"))
    let seven = #"{"defaultLevel":5,"pageSize":7,"showsOnlyFavorites":false}"#
    #expect(try await pair.file("settings.json", becomes: seven))
    #expect(try await pair.b.waitFor { $0.contains("#1 external appStorage:pageSize\n") })
    #expect(try await pair.b.type("send .list(.onAppear)", thenWaitFor: "offset: 0, 7 items"))
    #expect(try await pair.b.type("state settings.pageSize", thenWaitFor: "7\n(the value of"))
    #expect(try await pair.a.type("back", thenWaitFor: "at #0"))
    let twenty = #"{"defaultLevel":5,"pageSize":20,"showsOnlyFavorites":false}"#
    #expect(try await pair.file("settings.json", becomes: twenty))
    #expect(try await pair.b.waitFor { $0.hasSuffix("@Shared(appStorage:pageSize):\n- 7\n+ 20\n") })
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }

  /// A setting the other process changed after this session's change is newer: going back
  /// keeps it (it wrote this session's old 20 over the other's 7).
  @Test func goingBackKeepsASettingTheOtherProcessChangedSince() async throws {
    let pair = try Pair()
    #expect(try await pair.ready())
    #expect(try await pair.a.type(#"send .settings(.binding(.set(\.pageSize, 5)))"#, thenWaitFor: "#1 sent"))
    #expect(try await pair.b.waitFor { $0.contains("#1 external appStorage:pageSize\n") })
    #expect(try await pair.b.type(#"send .settings(.binding(.set(\.pageSize, 7)))"#, thenWaitFor: "#2 sent"))
    let seven = #"{"defaultLevel":5,"pageSize":7,"showsOnlyFavorites":false}"#
    #expect(try await pair.file("settings.json", becomes: seven))
    #expect(try await pair.a.waitFor { $0.contains("#2 external appStorage:pageSize\n") })
    #expect(try await pair.a.type("back", thenWaitFor: "at #0"))
    #expect(try await pair.a.type("state settings.pageSize", thenWaitFor: "7\n(the value of"))
    #expect(try await pair.file("settings.json", becomes: seven))
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }

  /// Reset writes every setting in one write of settings.json: the other process records that
  /// write as one external entry naming both settings it changed (it made one per setting).
  @Test func oneResetInOneProcessIsOneExternalEntryInTheOther() async throws {
    let pair = try Pair()
    #expect(try await pair.ready())
    let pageSize = #"send .settings(.binding(.set(\.pageSize, 50)))"#
    #expect(try await pair.a.type(pageSize, thenWaitFor: "#1 sent"))
    #expect(try await pair.b.waitFor { $0.contains("#1 external appStorage:pageSize\n") })
    let level = #"send .settings(.binding(.set(\.defaultLevel, 9)))"#
    #expect(try await pair.a.type(level, thenWaitFor: "#2 sent"))
    #expect(try await pair.b.waitFor { $0.contains("#2 external appStorage:defaultLevel\n") })
    #expect(try await pair.a.type("send .settings(.resetTapped)", thenWaitFor: "#3 sent"))
    let defaults = #"{"defaultLevel":5,"pageSize":20,"showsOnlyFavorites":false}"#
    #expect(try await pair.file("settings.json", becomes: defaults))
    #expect(
      try await pair.b.waitFor {
        $0.contains(
          "#3 external appStorage:defaultLevel, appStorage:pageSize\n"
            + "  @Shared(appStorage:defaultLevel):\n- 9\n+ 5\n"
            + "  @Shared(appStorage:pageSize):\n- 50\n+ 20\n")
      })
    #expect(
      try await pair.b.type(
        "log", thenWaitFor: "> #3 external appStorage:defaultLevel, appStorage:pageSize\n"))
    #expect(!pair.b.transcript.contains("#4 external"), "\(pair.b.transcript)")
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }

  /// One numbering: the other process's change while this session's debounce sleeps is the
  /// next entry (#2); the debounce's action, received after it, is #3 and names #1, which
  /// `effects` said started it; time travel keeps those numbers, and so does an exported and
  /// imported session, whose next send and received action follow on (#4, #5 from #4).
  @Test func anOutsideChangeWhileAnEffectSleepsTakesTheNextNumberAndTheEffectKeepsItsOwn()
    async throws
  {
    let pair = try Pair()
    #expect(try await pair.ready())
    #expect(try await pair.a.type("clock manual", thenWaitFor: "clock: manual"))
    let query = #"send .list(.search(.queryChanged("char")))"#
    #expect(try await pair.a.type(query, thenWaitFor: "#1 sent"))
    #expect(try await pair.b.type("fav 4", thenWaitFor: "#1 sent"))
    #expect(try await pair.a.waitFor { $0.contains("#2 external favorites.json") })
    #expect(try await pair.a.type("effects", thenWaitFor: "e1  started by #1"))
    let applied = #"#3 received from #1 .list(.search(.queryApplied("char")))"#
    #expect(try await pair.a.type("advance 300ms", thenWaitFor: applied))
    #expect(try await pair.a.type("back", thenWaitFor: "at #0"))
    #expect(try await pair.a.type("jump 2", thenWaitFor: "at #2 favorites.json"))
    let forward = #"at #3 .list(.search(.queryApplied("char")))"#
    #expect(try await pair.a.type("forward", thenWaitFor: forward))
    #expect(try await pair.a.type("log", thenWaitFor: "> #3 received from #1"))
    let file = pair.directory.path("numbered.json")
    #expect(try await pair.a.type("export \(file)", thenWaitFor: "numbered.json"))
    #expect(try await pair.a.type("import \(file)", thenWaitFor: "imported 3 entries; at #3"))
    #expect(try await pair.a.type("log", thenWaitFor: "> #3 received from #1"))
    let next = #"send .list(.search(.queryChanged("bu")))"#
    #expect(try await pair.a.type(next, thenWaitFor: "#4 sent"))
    #expect(
      try await pair.a.type(
        "advance 300ms", thenWaitFor: #"#5 received from #4 .list(.search(.queryApplied("bu")))"#))
    #expect(try await pair.a.finish() == 0)
    #expect(try await pair.b.finish() == 0)
  }
}
