import DexTesting
import Foundation
import Testing

/// Watches and breakpoints over moves through history — forward, skip, unskip, import — and
/// abort of the effects a hit holds, through the real `dex` binary.
@Suite struct HistoryBreakpointTests {
  /// Four team members (#1 … #4), the team's size watched.
  static let team = """
    send .team(.addTapped(id: 1))
    send .team(.addTapped(id: 4))
    send .team(.addTapped(id: 7))
    send .team(.addTapped(id: 25))
    watch team.members.count

    """

  static func lines(_ output: String, startingWith prefixes: [String]) -> [Substring] {
    output.split(separator: "\n").filter { line in prefixes.contains { line.hasPrefix($0) } }
  }

  static let reported = ["watch ", "break #", "at #", "dropped "]

  /// Runs the team script then `input`, which must succeed; returns its output and the lines it
  /// reported (watch, break, at, dropped).
  static func reportedLines(
    after input: String
  ) async throws -> (output: String, reported: [Substring]) {
    let result = try await DexProcess.run(input: team + input)
    #expect(result.status == 0, "\(result.standardError)")
    return (result.standardOutput, lines(result.standardOutput, startingWith: reported))
  }

  @Test func forwardStopsRightAfterTheEntryThatHitsAndContinueGoesWhereItWasAsked() async throws {
    let (_, reported) = try await Self.reportedLines(
      after: """
        break when team.members.count == 3
        back 3
        forward 3
        expect team.members.count == 3
        continue
        expect team.members.count == 4

        """)
    #expect(
      reported == [
        "at #1 .team(.addTapped(id: 1))",
        "watch team.members.count: 1 → 2 (#2 .team(.addTapped(id: 4)))",
        "watch team.members.count: 2 → 3 (#3 .team(.addTapped(id: 7)))",
        "break #3: when team.members.count == 3 (breakpoint 1)",
        "at #3 .team(.addTapped(id: 7))",
        "watch team.members.count: 3 → 4 (#4 .team(.addTapped(id: 25)))",
        "at #4 .team(.addTapped(id: 25))",
      ], "back prints no watch line; continue checks the entries it passes")
  }

  @Test func abortDropsTheRestOfTheMoveAndLeavesNothingToContinue() async throws {
    let result = try await DexProcess.run(
      input: Self.team + """
        break on .team(.addTapped(id: 4))
        back 4
        forward 4
        abort
        expect team.members.count == 2
        continue

        """)
    #expect(
      result.errorLines == ["<stdin>:11: continue: no breakpoint hit holds anything to continue"])
    #expect(
      result.standardOutput.contains(
        "break #2: on .team(.addTapped(id: 4)) (breakpoint 1)\nat #2 .team(.addTapped(id: 4))\n"
          + "dropped the rest of the move to #4: the session stays at #2\n"))
  }

  @Test func aSendAtTheStopForgetsTheMoveAndContinueSaysWhereItWasGoing() async throws {
    let result = try await DexProcess.run(
      input: Self.team + """
        unwatch all
        break when team.members.count == 2
        back 3
        forward 3
        fav 4
        continue

        """)
    #expect(
      result.errorLines == [
        "<stdin>:11: continue: the session left #2, where a breakpoint stopped the move; "
          + "'jump 4' goes where it was going."
      ])
  }

  @Test func unskipRecomputesEverythingThenStopsAtTheFirstHitAndContinueReturns() async throws {
    let (output, reported) = try await Self.reportedLines(
      after: """
        unskip 3
        skip 2
        expect team.members.count == 3
        break when team.members.count == 3
        unskip 2
        expect team.members.count == 3
        log --changed
        continue
        expect team.members.count == 4

        """)
    #expect(
      reported == [
        // unskip 3: it was not skipped, nothing is recomputed (a line that does not start
        // with a reported prefix says so).
        // skip 2: #2 now changes nothing, #3 and #4 each add one member to fewer.
        "watch team.members.count: 1 → 2 (#3 .team(.addTapped(id: 7)))",
        "watch team.members.count: 2 → 3 (#4 .team(.addTapped(id: 25)))",
        "at #4 .team(.addTapped(id: 25))",
        // unskip 2: the recomputation is whole; the session is placed at the first hit.
        "watch team.members.count: 1 → 2 (#2 .team(.addTapped(id: 4)))",
        "watch team.members.count: 2 → 3 (#3 .team(.addTapped(id: 7)))",
        "break #3: when team.members.count == 3 (breakpoint 1)",
        "at #3 .team(.addTapped(id: 7))",
        "watch team.members.count: 3 → 4 (#4 .team(.addTapped(id: 25)))",
        "at #4 .team(.addTapped(id: 25))",
      ])
    #expect(output.contains("> #3 sent .team(.addTapped(id: 7))\n  #4 sent"))
    #expect(output.contains("#3 is not skipped; nothing to recompute\n"))
  }

  @Test func aHitOnForwardInsideAnInnerRunStopsThatRunTheOuterScriptGoesOnAndContinueRunsTheRest() async throws {
    let directory = try TemporaryDirectory()
    let inner = directory.url.appendingPathComponent("inner.dex")
    try "back 4\nforward 4\nfav 1\n".write(to: inner, atomically: true, encoding: .utf8)
    let outer = directory.url.appendingPathComponent("outer.dex")
    try (Self.team + """
      break when team.members.count == 2
      run \(inner.path)
      expect team.members.count == 2
      expect favorites.favorites == []
      continue
      expect team.members.count == 4
      expect favorites.favorites == [1]

      """).write(to: outer, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run([outer.path])
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test func importPrintsTheWatchLinesOfItsEntriesAndStopsNowhere() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("team.json")
    let exported = try await DexProcess.run(input: Self.team + "back 1\nexport \(file.path)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let result = try await DexProcess.run(
      input: """
        watch team.members.count
        break when team.members.count == 2
        import \(file.path)
        expect team.members.count == 3

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      Self.lines(result.standardOutput, startingWith: Self.reported) == [
        "watch team.members.count: 0 → 1 (#1 .team(.addTapped(id: 1)))",
        "watch team.members.count: 1 → 2 (#2 .team(.addTapped(id: 4)))",
        "watch team.members.count: 2 → 3 (#3 .team(.addTapped(id: 7)))",
      ], "up to the imported current entry #3, and no breakpoint")
  }

  @Test func withJSONAHitOnForwardIsAWatchObjectThenABreakObject() async throws {
    let result = try await DexProcess.run(
      ["--json"],
      input: Self.team + "break when team.members.count == 2\nback 3\nforward 3\n")
    #expect(result.status == 0, "\(result.standardError)")
    let objects = result.standardOutput.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let found = objects.filter { ["watch", "break"].contains($0["type"] as? String) }
    #expect(found.map { $0["type"] as? String } == ["watch", "break"])
    #expect(found.map { $0["entry"] as? Int } == [2, 2])
    #expect(found.first?["old"] as? Int == 1)
    #expect(found.last?["condition"] as? String == "when team.members.count == 2")
  }

  @Test func abortAfterAHitOnAnEffectCancelsEveryEffectInFlightAndNothingDeliversAfter()
    async throws
  {
    let result = try await DexProcess.run(
      input: """
        clock manual
        break on .list(.pageLoaded)
        send .list(.search(.queryChanged("pika")))
        send .list(.onAppear)
        abort
        advance 1s
        expect list.search.appliedQuery == ""
        effects

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "break #3: on .list(.pageLoaded) (breakpoint 1)\n"
          + "cancelled e1 (started by #1)\ncancelled e2 (started by #2)\n"
          + "dropped the work the breakpoint held\n"
          + "advanced 1s to 1s: nothing woke; no effect sleeps on the clock\n"))
    #expect(result.standardOutput.hasSuffix("No effects running.\n"))
  }

  /// `skip N` checks what it recomputes after N (N itself changes nothing now): a breakpoint on
  /// N's own action does not stop there; `unskip N` checks N again.
  @Test func skipChecksTheEntriesAfterTheSkippedOneAndUnskipChecksItToo() async throws {
    let result = try await DexProcess.run(
      input: """
        fav 1
        fav 4
        fav 7
        break on .favorites(.favoriteTapped(id: 1))
        watch list.favorites
        skip 1
        skip 1
        unskip 1

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      Self.lines(result.standardOutput, startingWith: Self.reported + ["#1 is"]) == [
        "watch list.favorites: [] → [4] (#2 .favorites(.favoriteTapped(id: 4)))",
        "watch list.favorites: [4] → [4, 7] (#3 .favorites(.favoriteTapped(id: 7)))",
        "at #3 .favorites(.favoriteTapped(id: 7))",
        "#1 is already skipped; nothing to recompute",
        "watch list.favorites: [] → [1] (#1 .favorites(.favoriteTapped(id: 1)))",
        "break #1: on .favorites(.favoriteTapped(id: 1)) (breakpoint 1)",
        "at #1 .favorites(.favoriteTapped(id: 1))",
      ])
  }

  /// In a script, a send after a breakpoint stopped `forward` first finishes the move, so the
  /// script does what it does without the breakpoint (the send branched from the stop).
  @Test func aScriptLineThatSendsFinishesAMoveABreakpointStopped() async throws {
    let (output, reported) = try await Self.reportedLines(
      after: """
        break when team.members.count == 3
        jump 0
        forward 4
        send .team(.addTapped(id: 150))
        expect team.members.count == 5
        branches

        """)
    #expect(
      reported.filter { !$0.hasPrefix("watch ") }.suffix(3) == [
        "at #3 .team(.addTapped(id: 7))",
        "break #3: the script goes on; the rest of the move to #4 runs first",
        "at #4 .team(.addTapped(id: 25))",
      ])
    #expect(output.contains("* branch 1: 5 entries, head #5\n"), "\(output)")
  }
}
