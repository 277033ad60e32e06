import DexTesting
import Foundation
import Testing

/// `record` of a session whose effects were answered or cancelled from the prompt, through the
/// real `dex`: the replay names its effects as the session's entries started them and ends in
/// the session's state, or `record` says in one warning line how it may differ.
@Suite struct RecordEffectsTests {
  /// Runs `session` then `record`, then replays the script; returns what `check` printed last
  /// in each, `record`'s output and the script.
  private func recordAndReplay(
    _ session: String, check: String
  ) async throws -> (session: String, replay: String, recordLines: [String], script: String) {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("r.dex").path
    let first = try await DexProcess.run(input: session + "\nrecord \(script)\n\(check)\n")
    #expect(first.status == 0, "\(first.standardError)")
    let recorded = try String(contentsOfFile: script, encoding: .utf8)
    try Data((recorded + check + "\n").utf8).write(to: URL(fileURLWithPath: script))
    let replay = try await DexProcess.run([script])
    #expect(replay.status == 0, "\(replay.standardError)")
    let lines = first.standardOutput.split(separator: "\n").map(String.init)
    let recordLines = lines.filter { $0.hasPrefix("recorded ") || $0.hasPrefix("warning: ") }
    let last = { (text: String) in text.split(separator: "\n").last.map(String.init) ?? "" }
    return (last(first.standardOutput), last(replay.standardOutput), recordLines, recorded)
  }

  /// The search for "pi" applied in neither, the script cancelling it before the clock moves.
  private func expectSearchCancelledInBoth(
    _ result: (session: String, replay: String, recordLines: [String], script: String)
  ) {
    #expect(result.session == "\"\"")
    #expect(result.replay == "\"\"")
    #expect(
      result.script.hasSuffix(
        "send .list(.search(.queryChanged(\"pi\")))\ncancel e1\nadvance 300ms\n"))
  }

  /// A session that stays in the past, or goes back and forward, after a move cancelled a
  /// sleeping search: the replay cancels it where the session first had it running again.
  @Test(arguments: ["jump 1", "back", "jump 0\nforward", "back\nforward"])
  func aMoveThatCancelledAnEffectIsACancelWhereverTheSessionStays(move: String) async throws {
    let result = try await recordAndReplay(
      """
      clock manual
      send .list(.search(.queryChanged("bu")))
      send .team(.addTapped(id: 1))
      \(move)
      advance 1s
      """, check: "state list.search.appliedQuery")
    #expect(result.session == "\"\"")
    #expect(result.replay == "\"\"", "\(result.script)")
  }

  /// A command typed in the past, then `forward`: the entries it passed were made before it,
  /// so the replay runs it after them (it ran before them, and `cancel e1` then failed).
  @Test func aCommandTypedInThePastRunsAfterTheEntriesForwardPasses() async throws {
    let result = try await recordAndReplay(
      """
      clock manual
      send .list(.search(.queryChanged("bu")))
      back
      clock immediate
      forward
      """, check: "state list.search.appliedQuery")
    #expect(result.session == "\"\"")
    #expect(result.replay == "\"\"", "\(result.script)")
    #expect(
      result.script.hasSuffix(
        "send .list(.search(.queryChanged(\"bu\")))\ncancel e1\nclock immediate\n"))
  }

  @Test func aCancelledEffectIsCancelledInTheReplay() async throws {
    let result = try await recordAndReplay(
      """
      clock manual
      send .list(.search(.queryChanged("pi")))
      cancel e1
      advance 300ms
      """, check: "state list.search.appliedQuery")
    expectSearchCancelledInBoth(result)
    #expect(result.recordLines.count == 1)
    #expect(result.recordLines.first?.hasPrefix("recorded 1 sent action to ") == true)
  }

  @Test func anEffectOfAnAbandonedBranchGivesUpItsNameInTheReplay() async throws {
    let result = try await recordAndReplay(
      """
      dep pokemonClient manual
      send .list(.onAppear)
      respond e1
      send .list(.rowAppeared(id: 20))
      back
      send .list(.rowAppeared(id: 20))
      respond e3
      """, check: "state list.visiblePokemon.count")
    #expect(result.session == "40")
    #expect(result.replay == "40")
    #expect(result.script.contains("send .list(.rowAppeared(id: 20))\nrespond e2\n"))
    #expect(!result.script.contains("e3"))
    #expect(result.recordLines.count == 1)
  }

  /// `cancel e1` names an effect of skipped #1: left out, and said. `skip` cancelled e2: the
  /// replay, which skips nothing, cancels it (as its e1) where the skip did.
  @Test func aCancelOfAnEffectOfASkippedEntryIsLeftOutAndAMoveIsACancel() async throws {
    let result = try await recordAndReplay(
      """
      dep pokemonClient manual
      send .list(.onAppear)
      clock manual
      send .list(.search(.queryChanged("pi")))
      cancel e1
      skip 1
      advance 300ms
      """, check: "state list.search.appliedQuery")
    expectSearchCancelledInBoth(result)
    #expect(
      result.recordLines.first
        == "warning: the replay may differ: 'cancel e1' names an effect of a skipped entry, "
        + "which the replay does not start")
  }

  /// `abort`, or `cancel` during the hit, cancels what a breakpoint held: a replay holds
  /// nothing, so the effect would have ended before a `cancel` line; `record` says so instead.
  @Test func recordAfterAbortOrCancelDuringAHitSaysTheReplayLetsTheEffectsRun() async throws {
    for command in ["abort", "cancel e1"] {
      let result = try await recordAndReplay(
        """
        break on .list(.onAppear)
        send .list(.onAppear)
        \(command)
        """, check: "state list.loadState")
      #expect(result.session == ".loading")
      #expect(!result.script.contains("cancel"))
      #expect(
        result.recordLines.first
          == "warning: the replay may differ: '\(command)' after #1 cancelled e1 held by a "
          + "breakpoint, which the replay lets run")
    }
  }

  /// The session file keeps the dep and respond commands, so the import records them too; a
  /// file without them (an older dex) is imported, and `record` says what it lacks.
  @Test func anImportedSessionRecordsTheCommandsItsFileKeeps() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("s.json").path
    let exported = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        send .list(.onAppear)
        respond e1 .failure(DexError(kind: .network, message: "down"))
        export \(file)

        """)
    #expect(exported.status == 0, "\(exported.standardError)")
    let result = try await recordAndReplay("import \(file)", check: "state list.loadState")
    let failed = ".failed(DexError(kind: .network, message: \"down\"))"
    #expect(result.session == failed)
    #expect(result.replay == failed)
    #expect(result.recordLines.count == 1)
    // Then what an import leaves: no effect running, the importing session's own dependencies
    // and clock, in force from there on.
    #expect(
      result.script.hasSuffix(
        "dep pokemonClient manual\nsend .list(.onAppear)\n"
          + "respond e1 .failure(DexError(kind: .network, message: \"down\"))\n"
          + "cancel all\ndep date fixed\ndep pokemonClient bundled\nclock immediate\n"),
      "\(result.script)")

    let text = try String(contentsOfFile: file, encoding: .utf8)
    let older = String(text[..<(text.range(of: ",\n  \"script\"")?.lowerBound ?? text.endIndex)])
    try Data((older + "\n}\n").utf8).write(to: URL(fileURLWithPath: file))
    let withoutScript = try await recordAndReplay("import \(file)", check: "state list.loadState")
    #expect(withoutScript.session == failed)
    #expect(
      withoutScript.recordLines.first
        == "warning: the replay may differ: the imported entries' dep, clock, respond and cancel "
        + "commands are not in the session file")
  }

  /// After an import, the importing session's clock is in force: the replay sets it again
  /// there (it kept the imported `clock manual`, and the search after the import never applied).
  @Test func anImportingSessionsOwnClockGoesOnInTheReplay() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("s.json").path
    let exported = try await DexProcess.run(
      input: "clock manual\nsend .list(.search(.queryChanged(\"a\")))\nexport \(file)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let result = try await recordAndReplay(
      "import \(file)\nsend .list(.search(.queryChanged(\"b\")))",
      check: "state list.search.appliedQuery")
    #expect(result.session == "\"b\"")
    #expect(result.replay == "\"b\"", "\(result.script)")
  }
}
