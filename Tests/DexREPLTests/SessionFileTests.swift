import DexTesting
import Foundation
import Testing

/// export → import in another process gives the same entries and the same states.
@Suite struct SessionFileTests {
  @Test func anExportedSessionImportsToTheSameHistoryAndState() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("session.json").path
    let first = try await DexProcess.run(
      input: """
        send .list(.onAppear)
        fav pikachu
        send .team(.addTapped(id: 4))
        back
        fav bulbasaur
        export \(file)
        log
        branches
        state favorites.favorites
        """ + "\n")
    #expect(first.status == 0, "\(first.standardError)")
    let second = try await DexProcess.run(
      input: """
        import \(file)
        log
        branches
        state favorites.favorites
        jump 4
        expect team.members.count == 1
        expect favorites.favorites == [25]
        """ + "\n")
    #expect(second.status == 0, "\(second.standardError)")
    let tail = { (text: String) in
      text.components(separatedBy: "  #1 sent").dropFirst().joined()
    }
    #expect(tail(first.standardOutput).hasPrefix(String(tail(second.standardOutput).prefix(300))))
    #expect(second.standardOutput.contains("imported 5 entries; at #5"))
    #expect(second.standardOutput.contains("[1, 25]"))
  }

  @Test func anActionThatNoLongerDecodesIsReportedByEntry() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("session.json")
    let first = try await DexProcess.run(
      input: "fav pikachu\nfav bulbasaur\nexport \(file.path)\n")
    #expect(first.status == 0, "\(first.standardError)")
    var text = try String(contentsOf: file, encoding: .utf8)
    text = text.replacingOccurrences(of: "{\"favoriteTapped\": {\"id\": 1}}", with: "{\"starTapped\": {\"id\": 1}}")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let second = try await DexProcess.run(input: "import \(file.path)\nstate favorites.favorites\n")
    #expect(second.status == 0, "\(second.standardError)")
    #expect(second.standardOutput.contains("entry 2: "))
    #expect(second.standardOutput.contains("'starTapped' is not a case of FavoritesFeature.Action"))
    #expect(second.standardOutput.hasSuffix("[25]\n(the value of @Shared(favorites.json))\n"))
  }

  @Test func garbageIsOneClearError() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("session.json")
    try "{\"format\": \"dex-session\", \"version\": 1, \"entries\": [".write(
      to: file, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run(input: "import \(file.path)\n")
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1)
    #expect(result.errorLines.first?.hasPrefix("<stdin>:1: \(file.path): ") == true)
  }

  @Test func recordRefusesToOverwriteAndItsScriptReplaysToTheSameState() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("replay.dex").path
    let first = try await DexProcess.run(
      input: """
        send .list(.onAppear)
        fav pikachu
        clock manual
        send .list(.search(.queryChanged("pika")))
        advance 300ms
        record \(script)
        record \(script)
        """ + "\n")
    #expect(first.status == 1)
    #expect(first.errorLines == ["<stdin>:7: \(script) exists; 'record! \(script)' replaces it."])
    let recorded = try String(contentsOfFile: script, encoding: .utf8)
    #expect(
      recorded == """
        # dex session recorded by 'record'. Replay it with: dex FILE
        shared appStorage:defaultLevel = 5
        shared appStorage:pageSize = 20
        shared appStorage:showsOnlyFavorites = false
        shared favorites.json = []
        shared inMemory:downloads = DownloadStatus(pagesLoaded: 0, lastError: nil, isLoading: false)
        shared team.trainer = Trainer(name: "Red", badges: [])
        send .list(.onAppear)
        send .favorites(.favoriteTapped(id: 25))
        clock manual
        send .list(.search(.queryChanged("pika")))
        advance 300ms

        """)
    let replay = try await DexProcess.run([script, "--json"])
    #expect(replay.status == 0, "\(replay.standardError)")
    // Five entries, then what `clock manual` and `advance` said.
    #expect(replay.standardOutput.split(separator: "\n").count == 7)
    #expect(replay.standardOutput.contains("clock: manual (effects sleep until 'advance' moves it)"))
    #expect(replay.standardOutput.contains("advanced 300ms to 300ms: 1 sleeping effect woke (1 entry)"))
    #expect(replay.standardOutput.contains(#""action":".list(.search(.queryApplied(\"pika\")))""#))
  }

  @Test func aRecordingOfAnImportedSessionEndsTheEffectsTheImportDidNotRun() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    let recording = directory.path("r.dex")
    // The exported session ends with a debounced search asleep on the manual clock.
    let exported = try await DexProcess.run(
      input: "clock manual\nsend .list(.search(.queryChanged(\"pi\")))\nexport \(file)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let imported = try await DexProcess.run(
      input: "import \(file)\nrecord \(recording)\nstate list.search\n")
    #expect(imported.status == 0, "\(imported.standardError)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("send .list(.search(.queryChanged(\"pi\")))\ncancel all\n"), "\(recorded)")
    // The replay ends where the import did: the search typed, never applied.
    let replay = try await DexProcess.run(
      ["--keep-going", recording], input: "", environment: [:])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(!replay.standardOutput.contains("queryApplied"), "\(replay.standardOutput)")
  }

  @Test func aSessionBegunOnTheManualClockKeepsItsClockThroughExportImportAndRecord() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    let recording = directory.path("r.dex")
    let test = directory.path("Replay.swift")
    // The clock was manual from launch: no 'clock manual' line was typed.
    let exported = try await DexProcess.run(
      ["--clock", "manual"],
      input: "send .list(.search(.queryChanged(\"bul\")))\nadvance 300ms\nexport \(file)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let document = try String(contentsOfFile: file, encoding: .utf8)
    #expect(document.contains(#"{"after": 0, "line": "clock manual"}"#), "\(document)")
    // Imported by a process on the immediate clock, recorded and turned into a test.
    let imported = try await DexProcess.run(
      input: "import \(file)\nrecord \(recording)\ngentest \(test)\n")
    #expect(imported.status == 0, "\(imported.standardError)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(
      recorded.contains("clock manual\nsend .list(.search(.queryChanged(\"bul\")))\nadvance 300ms\n"),
      "\(recorded)")
    let generated = try String(contentsOfFile: test, encoding: .utf8)
    #expect(generated.contains("await clock.advance(by: .milliseconds(300))"), "\(generated)")
    #expect(generated.contains("$0.clock = clock"), "\(generated)")
    // The recording replays: the debounce sleeps until its advance, then applies the query.
    let replay = try await DexProcess.run([recording], input: "", environment: [:])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(replay.standardOutput.contains(#"queryApplied("bul")"#), "\(replay.standardOutput)")
  }
}
