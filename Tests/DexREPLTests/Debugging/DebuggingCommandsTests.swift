import DexTesting
import Foundation
import Testing

/// trace, watch, break, bisect, log filters and hide through the real `dex` binary.
@Suite struct DebuggingCommandsTests {
  static let openDetail = """
    send .list(.onAppear)
    send .list(.rowTapped(id: 4))

    """

  /// The lines of `output` that start with `prefix`.
  static func lines(_ output: String, startingWith prefix: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.hasPrefix(prefix) }
  }

  @Test func traceOfTheDetailsFavoriteTapNamesTheDetailReducerAsTheOneThatChangedFavorites()
    async throws
  {
    let result = try await DexProcess.run(
      input: Self.openDetail + "send --trace .list(.destination(.presented(.detail(.favoriteTapped))))\n")
    #expect(result.status == 0, "\(result.standardError)")
    let output = ReducerSources.removed(from: result.standardOutput)
    #expect(output.contains("trace #4 sent .list(.destination(.presented(.detail(.favoriteTapped))))\nAppFeature\n"))
    #expect(
      Self.lines(output, startingWith: "changed by: ") == [
        "changed by: AppFeature › Scope(list) › PokemonListFeature › ifLet(destination) › "
          + "PokemonListFeature.Destination › Scope(detail) › PokemonDetailFeature › "
          + "PokemonDetailFeature.Screen › Reduce (list.destination.detail)"
      ])
    let reached: [Substring] = [
      "reached, changed nothing: AppFeature › Scope(list) › PokemonListFeature › "
        + "ifLet(destination) › PokemonListFeature.Destination › Scope(detail) › "
        + "PokemonDetailFeature › Reduce; AppFeature › Scope(list) › PokemonListFeature › "
        + "Reduce; AppFeature › Reduce"
    ]
    #expect(Self.lines(output, startingWith: "reached, changed nothing: ") == reached)
    #expect(
      output.contains(
        """
            ifLet(destination) › PokemonListFeature.Destination
              Scope(detail) › PokemonDetailFeature
                PokemonDetailFeature.Screen
                  Reduce
                    changed list.destination.detail:
        """), "the modifier holds only the destination's reducers")
    #expect(
      output.contains(
        "        ]\n        Reduce (changed nothing)\n    Reduce (changed nothing)\n"
          + "  Reduce (changed nothing)\n"),
      "the list's own Reduce runs after the destination, at the list's level")
  }

  /// A dismissal runs no destination reducer: `ifLet(destination)` shows alone, after the list's
  /// own `Reduce` it ran first, with the change it made itself.
  @Test func traceOfADismissalNamesThePresentationAfterTheListsReduce() async throws {
    let result = try await DexProcess.run(
      input: Self.openDetail + "send --trace .list(.destination(.dismiss))\n")
    #expect(result.status == 0, "\(result.standardError)")
    let output = ReducerSources.removed(from: result.standardOutput)
    #expect(
      output.contains(
        """
        AppFeature
          Scope(list) › PokemonListFeature
            Reduce (changed nothing)
            ifLet(destination)
              changed list:
        """))
    #expect(
      Self.lines(output, startingWith: "changed by: ") == [
        "changed by: AppFeature › Scope(list) › PokemonListFeature › ifLet(destination) (list)"
      ])
    #expect(
      Self.lines(output, startingWith: "reached, changed nothing: ") == [
        "reached, changed nothing: AppFeature › Scope(list) › PokemonListFeature › Reduce; "
          + "AppFeature › Reduce"
      ])
  }

  @Test func traceOfAnEarlierEntryShowsItsEffectWithItsCancellationIDAndChangesNothing()
    async throws
  {
    let result = try await DexProcess.run(
      input: Self.openDetail + "trace 1\nexpect list.destination != nil\ntrace #1\nlog\n")
    #expect(result.status == 0, "\(result.standardError)")
    let output = ReducerSources.removed(from: result.standardOutput)
    #expect(Self.lines(output, startingWith: "trace #1 sent .list(.onAppear)").count == 2)
    #expect(
      output.contains(
        "  Scope(list) › PokemonListFeature\n    Reduce\n      changed list:\n"),
      "the list's own Reduce, at the list's level")
    #expect(output.contains("      effects: run (cancellable: PokemonListFeature.CancelID.page)\n"))
    #expect(output.contains("> #3 sent .list(.rowTapped(id: 4))"), "trace does not move the session")
  }

  @Test(arguments: [
    ("trace 0", "<stdin>:1: trace: #0 is the initial state: no action ran; 'log' lists the entries."),
    ("trace 9", "<stdin>:1: There is no entry 9 because nothing has been recorded yet; send an action first."),
    ("watch list.favourites", "<stdin>:1: watch: no field 'favourites' in PokemonListFeature.State; fields: loadState, isLoadingMore, canLoadMore, loadMoreError, destination, favorites, search, pageSize, showsOnlyFavorites, downloads, visiblePokemon"),
    ("break list.canLoadMore", "<stdin>:1: break: write 'when', 'on' or 'delete' first. Usage: break when EXPECTATION | on PATTERN | delete N"),
    ("break on .list(.pageLoadd)", "<stdin>:1: break: 'pageLoadd' is not a case at list; cases: .onAppear, .rowAppeared, .rowTapped, .retryTapped, .pageLoaded, .destination, .search"),
    ("continue", "<stdin>:1: continue: no breakpoint hit holds anything to continue"),
    ("bisect list.favorites == []", "<stdin>:1: bisect: the expectation still holds at the current entry #0; move to an entry where it fails (jump N), then bisect."),
    ("log --since 3", "<stdin>:1: log: unknown option '--since'. Usage: log [--changed] [--path PATH] [PATTERN]"),
  ])
  func aRefusedDebuggingCommandIsOneLine(line: String, error: String) async throws {
    let result = try await DexProcess.run(input: line + "\n")
    #expect(result.status == 1)
    #expect(result.errorLines == [Substring(error)])
  }

  @Test func watchPrintsOneLineForEachEntryThatChangesThePathAndNothingWhenAdded() async throws {
    let result = try await DexProcess.run(
      input: """
        send .list(.onAppear)
        watch list.favorites
        watch list.destination.detail.pokemon.name
        watch
        fav 4
        send .list(.rowTapped(id: 7))
        fav 7
        send .list(.destination(.dismiss))
        unwatch list.favorites
        fav 1
        unwatch all
        watch

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = ReducerSources.removed(from: result.standardOutput)
    #expect(
      Self.lines(output, startingWith: "watch") == [
        "watching list.favorites",
        "watching list.destination.detail.pokemon.name",
        "watching list.favorites",
        "watching list.destination.detail.pokemon.name",
        "watch list.favorites: [] → [4] (#3 .favorites(.favoriteTapped(id: 4)))",
        "watch list.destination.detail.pokemon.name: (no value) → \"squirtle\" (#4 .list(.rowTapped(id: 7)))",
        "watch list.favorites: [4] → [4, 7] (#5 .favorites(.favoriteTapped(id: 7)))",
        "watch list.destination.detail.pokemon.name: \"squirtle\" → (no value) (#6 .list(.destination(.dismiss)))",
      ])
    #expect(output.contains("stopped watching list.favorites\n"))
    #expect(output.hasSuffix("Nothing is watched. Watch a path with 'watch PATH'.\n"))
  }

  @Test func breakWhenStopsAPagingScriptAtTheLastPageAndTheSessionGoesOnThere() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("paging.dex")
    let pages = (1...51).map { "send .list(.rowAppeared(id: \($0 * 20)))" }
    try (["send .list(.onAppear)"] + pages + ["fav 25"])
      .joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run(
      input: """
        hide .list(.rowAppeared)
        hide .list(.pageLoaded)
        break when list.canLoadMore == false
        breaks
        run \(script.path)
        expect list.canLoadMore == false
        expect list.visiblePokemon.count == 1025
        expect favorites.favorites == []
        break delete 1
        breaks

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = ReducerSources.removed(from: result.standardOutput)
    #expect(
      Self.lines(output, startingWith: "break") == [
        "breakpoint 1: when list.canLoadMore == false",
        "breakpoint 1: when list.canLoadMore == false",
        "break #104: when list.canLoadMore == false (breakpoint 1)",
      ])
    #expect(output.contains("deleted breakpoint 1: when list.canLoadMore == false"))
    #expect(output.hasSuffix("No breakpoints. Set one with 'break when EXPECTATION' or 'break on PATTERN'.\n"))
    #expect(!output.contains("#2 received"), "hidden entries are not printed")
  }

  @Test func aHitInsideAnInnerRunStopsThatRunOnlyAndNeverChangesTheExitStatus() async throws {
    let directory = try TemporaryDirectory()
    let inner = directory.url.appendingPathComponent("inner.dex")
    try "fav 1\nfav 4\nfav 7\n".write(to: inner, atomically: true, encoding: .utf8)
    let outer = directory.url.appendingPathComponent("outer.dex")
    try """
      break on .favorites(.favoriteTapped(id: 4))
      run \(inner.path)
      expect favorites.favorites == [1, 4]
      fav 25
      expect favorites.favorites == [1, 4, 25]

      """.write(to: outer, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run([outer.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      Self.lines(result.standardOutput, startingWith: "break #") == [
        "break #2: on .favorites(.favoriteTapped(id: 4)) (breakpoint 1)"
      ])
  }

  @Test func aBreakOnAReceivedActionHoldsTheEffectsUntilContinue() async throws {
    let result = try await DexProcess.run(
      input: """
        break on .list(.pageLoaded)
        send .list(.onAppear)
        expect list.loadState is .loaded
        effects
        continue
        effects
        send .list(.rowTapped(id: 4))
        expect list.destination != nil

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("break #2: on .list(.pageLoaded) (breakpoint 1)\n"))
    #expect(
      result.standardOutput.contains(
        "cancel id PokemonListFeature.CancelID.page  held by break #2\nNo effects running.\n"),
      "\(result.standardOutput)")
  }

  @Test func stepGoesThroughTheReducersAndOnlyContinueSendsWithTheUUIDsStepShowed() async throws {
    let result = try await DexProcess.run(
      input: Self.openDetail + """
        step .list(.destination(.presented(.detail(.favoriteTapped))))
        state list.favorites
        next
        abort
        expect list.favorites == []
        log .list(.destination)
        step .team(.addTapped(id: 1))
        state team.members[0].id
        next
        next
        expect team.members[0].id == UUID("00000000-0000-0000-0000-000000000001")

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = ReducerSources.removed(from: result.standardOutput)
    let steps: [Substring] = [
      "step 1 of 4: AppFeature › Scope(list) › PokemonListFeature › ifLet(destination) › "
        + "PokemonListFeature.Destination › Scope(detail) › PokemonDetailFeature › "
        + "PokemonDetailFeature.Screen › Reduce",
      "step 2 of 4: AppFeature › Scope(list) › PokemonListFeature › ifLet(destination) › "
        + "PokemonListFeature.Destination › Scope(detail) › PokemonDetailFeature › Reduce",
      "step 1 of 2: AppFeature › Scope(team) › TeamFeature › Reduce",
      "step 2 of 2: AppFeature › Reduce",
    ]
    #expect(Self.lines(output, startingWith: "step ") == steps)
    #expect(output.contains("  changed list.destination.detail:\n"))
    #expect(output.contains("\n[4]\n"), "state reads the state the reducers left")
    #expect(output.contains("dropped .list(.destination(.presented(.detail(.favoriteTapped)))): the app is as it was before it"))
    #expect(output.contains("No entry matches."), "abort sent nothing")
    #expect(output.contains("#4 sent .team(.addTapped(id: 1))"))
  }

  @Test func aSendDuringStepIsRefusedWithWhatToDo() async throws {
    let result = try await DexProcess.run(input: "step .team(.addTapped(id: 1))\nfav 1\n")
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:2: fav: step is going through .team(.addTapped(id: 1)); 'next', 'continue' or 'abort' first."
      ])
  }

  @Test func bisectFindsAPlantedBadEntryInTenThousandInAtMostTwentyComputedStates() async throws {
    var lines = ["hide .list(.rowAppeared)", "hide .favorites"]
    for number in 1...10_000 {
      lines.append(
        number == 6_790
          ? "send .favorites(.favoriteTapped(id: 25))" : "send .list(.rowAppeared(id: 1))")
    }
    lines += ["jump 9000", "bisect list.favorites == []", "log .favorites"]
    let result = try await DexProcess.run(input: lines.joined(separator: "\n") + "\n")
    #expect(result.status == 0, "\(result.standardError)")
    let found = Self.lines(result.standardOutput, startingWith: "first bad: ")
    #expect(found.count == 1)
    let line = String(found.first ?? "")
    #expect(line.hasPrefix("first bad: #6790 .favorites(.favoriteTapped(id: 25)) (list.favorites == [] fails from there; "))
    let computed = line.split(separator: "; ").last.flatMap { Int($0.prefix { $0.isNumber }) }
    #expect((computed ?? 99) <= 20, "\(line)")
    #expect(
      ReducerSources.removed(from: result.standardOutput).contains(
        "changed by: AppFeature › Scope(favorites) › FavoritesFeature › Reduce (favorites)"))
    #expect(result.standardOutput.hasSuffix("  #6790 sent .favorites(.favoriteTapped(id: 25))\n"), "you stay at #9000")
  }

  @Test func logFiltersKeepChangingEntriesEntriesOfAPathAndMatchingActions() async throws {
    let result = try await DexProcess.run(
      input: """
        send .list(.rowAppeared(id: 1))
        fav 4
        send .list(.onAppear)
        log --changed
        log --path list.favorites
        log .list
        log --changed .list

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let logs = result.standardOutput.components(separatedBy: "#1 sent .list(.rowAppeared(id: 1))\n  (No state changes)\n").last ?? ""
    #expect(
      logs.hasSuffix("""
          #2 sent .favorites(.favoriteTapped(id: 4))
          #3 sent .list(.onAppear)
        > #4 received from #3 .list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, totalCount: 1025))))
          #2 sent .favorites(.favoriteTapped(id: 4))
          #1 sent .list(.rowAppeared(id: 1))
          #3 sent .list(.onAppear)
        > #4 received from #3 .list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, totalCount: 1025))))
          #3 sent .list(.onAppear)
        > #4 received from #3 .list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, totalCount: 1025))))

        """), "\(logs)")
  }

  @Test func withJSONEachTraceWatchBreakAndBisectIsOneObject() async throws {
    let result = try await DexProcess.run(
      ["--json"],
      input: """
        watch favorites.favorites
        break when favorites.favorites contains 4
        fav 4
        trace
        bisect favorites.favorites == []

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let objects = result.standardOutput.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let types = objects.compactMap { $0["type"] as? String }
    #expect(types.filter { ["watch", "break", "trace", "bisect"].contains($0) } == ["watch", "break", "trace", "bisect", "trace"])
    let watch = objects.first { $0["type"] as? String == "watch" }
    #expect(watch?["path"] as? String == "favorites.favorites")
    #expect(watch?["new"] as? [Int] == [4])
    let trace = objects.first { $0["type"] as? String == "trace" }
    #expect(trace?["changedBy"] as? [String] == ["AppFeature › Scope(favorites) › FavoritesFeature › Reduce"])
    let bisect = objects.first { $0["type"] as? String == "bisect" }
    #expect(bisect?["entry"] as? Int == 1)
  }
}
