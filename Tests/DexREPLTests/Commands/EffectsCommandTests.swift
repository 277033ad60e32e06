import Foundation
import Testing

/// `effects`, `cancel` and `respond` through the real `dex`: in-flight effects named e1, e2…
/// per session from the first command they outlive, with the entry that started them, their
/// cancel id and what they wait on; a cancellation is not an entry.
@Suite struct EffectsCommandTests {
  @Test func effectsListsASleepingSearchAndCancelEndsItWithoutAnEntry() async throws {
    let result = try await DexProcess.run(
      input: """
        effects
        clock manual
        send .list(.search(.queryChanged("pi")))
        send .list(.search(.queryChanged("pik")))
        effects
        advance 100ms
        effects
        cancel e2
        effects
        send .list(.search(.queryChanged("ch")))
        effects
        cancel all
        cancel all
        log

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("-") && !$0.hasPrefix("+") }
    let sleeping =
      "in AppFeature › Scope(list) › PokemonListFeature › Scope(search) › SearchFeature › Reduce"
      + "  cancel id SearchFeature.CancelID.search  sleeping on the manual clock until"
    #expect(
      lines == [
        "No effects running.",
        "clock: manual (effects sleep until 'advance' moves it)",
        "#1 sent .list(.search(.queryChanged(\"pi\")))",
        "#2 sent .list(.search(.queryChanged(\"pik\")))",
        "cancelled e1 (started by #1)",
        "e2  started by #2 \(sleeping) 300ms (now 0ms)",
        "advanced 100ms to 100ms: nothing woke; 1 effect sleeps until 300ms (advance 200ms more)",
        "e2  started by #2 \(sleeping) 300ms (now 100ms)",
        "cancelled e2 (started by #2)",
        "No effects running.",
        "#3 sent .list(.search(.queryChanged(\"ch\")))",
        "e3  started by #3 \(sleeping) 400ms (now 100ms)",
        "cancelled e3 (started by #3)",
        "No effects running.",
        "  #1 sent .list(.search(.queryChanged(\"pi\")))",
        "  #2 sent .list(.search(.queryChanged(\"pik\")))",
        "> #3 sent .list(.search(.queryChanged(\"ch\")))",
      ].filter { !$0.hasPrefix(" ") })
    #expect(ReducerSources.removed(from: result.standardOutput).contains("> #3 sent"))
  }

  @Test func cancellingAnEffectThatIsNotRunningIsOneErrorLine() async throws {
    let result = try await DexProcess.run(input: "cancel e4\n")
    #expect(ReducerSources.removed(from: result.standardOutput).isEmpty)
    #expect(
      result.standardError == "<stdin>:1: cancel: no effect e4 is running; 'effects' lists them.\n")
  }

  @Test func effectsAndCancelAreOneJSONObjectEach() async throws {
    let result = try await DexProcess.run(
      ["--json"],
      input: """
        clock manual
        send .list(.search(.queryChanged("pi")))
        effects
        cancel e1

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n").map(String.init)
    #expect(
      lines.suffix(2) == [
        #"{"type":"effects","effects":[{"effect":"e1","startedBy":1,"#
          + #""location":"AppFeature › Scope(list) › PokemonListFeature › Scope(search) › "#
          + #"SearchFeature › Reduce","cancelIDs":["SearchFeature.CancelID.search"],"#
          + #""waitsOn":"sleeping on the manual clock until 300ms (now 0ms)"}]}"#,
        #"{"type":"cancelled","effects":[{"effect":"e1","startedBy":1}]}"#,
      ])
  }

  /// The lines that are not diff lines.
  private static func headlines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("-") && !$0.hasPrefix("+") }
  }

  /// The answer is read like an action: the leading dots optional.
  @Test func aManualClientCallWaitsUntilRespondAnswersItAFailureThenRetry() async throws {
    let result = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        clock manual
        deps
        send .list(.onAppear)
        effects
        respond e1 failure(DexError(kind: network, message: "offline"))
        expect list.loadState is .failed
        send .list(.retryTapped)
        respond e2
        expect list.loadState is .loaded
        effects

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let page =
      "in AppFeature › Scope(list) › PokemonListFeature › Reduce"
      + "  cancel id PokemonListFeature.CancelID.page  awaiting pokemonClient.page"
    #expect(
      Self.headlines(ReducerSources.removed(from: result.standardOutput)) == [
        "pokemonClient: manual",
        "clock: manual (effects sleep until 'advance' moves it)",
        "clock          manual",
        "date           fixed",
        "pokemonClient  manual",
        "uuid           incrementing",
        "#1 sent .list(.onAppear)",
        "e1  started by #1 \(page)(offset: 0, limit: 20)",
        "#2 received from #1 .list(.pageLoaded(.failure(DexError(kind: .network, message: "
          + "\"offline\"))))",
        "#3 sent .list(.retryTapped)",
        "#4 received from #3 .list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, "
          + "totalCount: 1025))))",
        "No effects running.",
      ])
  }

  @Test func callsAnsweredInAnotherOrderThanAskedEachDeliverTheirOwnAnswer() async throws {
    let result = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        send .list(.onAppear)
        respond e1
        send .list(.rowTapped(id: 1))
        send .list(.destination(.presented(.detail(.onAppear))))
        send .list(.rowAppeared(id: 20))
        effects
        respond e3
        expect list.destination.detail.extra is .loading
        respond e2
        expect list.visiblePokemon.count == 40
        expect list.destination.detail.extra is .loaded

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = Self.headlines(ReducerSources.removed(from: result.standardOutput))
    #expect(
      lines.filter { $0.hasPrefix("e") || $0.contains("received") }.map { $0.prefix(40) } == [
        "#2 received from #1 .list(.pageLoaded(.s",
        "e2  started by #4 in AppFeature › Scope(",
        "e3  started by #5 in AppFeature › Scope(",
        "#6 received from #5 .list(.pageLoaded(.s",
        "#7 received from #4 .list(.destination(.",
      ])
    #expect(
      lines.contains {
        $0.hasPrefix("e2 ") && $0.contains("› PokemonDetailFeature.Screen › Reduce  cancel id")
          && $0.hasSuffix("awaiting pokemonClient.detail(id: 1)")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("e3 ") && $0.hasSuffix("awaiting pokemonClient.page(offset: 20, limit: 20)")
      })
  }

  @Test(arguments: [
    (
      "respond e1", "<stdin>:2: respond: no effect e1 is running; 'effects' lists them."
    ),
    (
      "respond", "<stdin>:2: respond: name the effect that awaits an answer as 'effects' lists "
        + "it (e1, e2…), then the answer. Usage: respond EFFECT [VALUE]"
    ),
    (
      "send .list(.search(.queryChanged(\"pi\")))\nrespond e1",
      "<stdin>:3: respond: e1 is not awaiting an answer: it is sleeping on the manual clock until "
        + "300ms (now 0ms); only an effect listed as 'awaiting …' takes one (dep NAME manual)."
    ),
    (
      "dep pokemonClient manual\nsend .list(.onAppear)\nrespond e1 .success(1)",
      "<stdin>:4: respond: not a Result<PokemonPage, DexError>: argument 1 of .success: expected "
        + "PokemonPage, found 1; answer with .failure(…) or .success(…)."
    ),
  ])
  func respondingToWhatDoesNotAwaitAnAnswerIsOneErrorLine(input: String, error: String) async throws {
    let result = try await DexProcess.run(input: "clock manual\n" + input + "\n")
    #expect(result.status == 1)
    #expect(result.standardError == error + "\n")
  }

  @Test func aRecordingWithRespondLinesReplaysToTheSameState() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-respond-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("session.dex").path
    let recorded = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        send .list(.onAppear)
        respond e1 .failure(DexError(kind: .network, message: "offline"))
        send .list(.retryTapped)
        respond e2
        record \(script)
        state list.canLoadMore

        """)
    #expect(recorded.status == 0, "\(recorded.standardError)")
    let text = try String(contentsOfFile: script, encoding: .utf8)
    #expect(text.contains("dep pokemonClient manual\nsend .list(.onAppear)\nrespond e1 .failure("))
    #expect(text.contains("send .list(.retryTapped)\nrespond e2\n"))
    let replayed = try await DexProcess.run([script])
    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(
      Self.headlines(replayed.standardOutput).filter { $0.hasPrefix("#") }
        == Self.headlines(recorded.standardOutput).filter { $0.hasPrefix("#") })
  }

  @Test func aHistoryMoveSaysWhichEffectsItCancelled() async throws {
    let result = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        clock manual
        send .list(.onAppear)
        send .list(.search(.queryChanged("pi")))
        back
        effects

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      Self.headlines(ReducerSources.removed(from: result.standardOutput)).suffix(4) == [
        "at #1 .list(.onAppear)",
        "cancelled e1 (started by #1)",
        "cancelled e2 (started by #2)",
        "No effects running.",
      ])
  }

  @Test func respondAndTheCancellationsAnActionCausesAreJSONObjects() async throws {
    let result = try await DexProcess.run(
      ["--json"],
      input: """
        dep pokemonClient manual
        clock manual
        send .list(.search(.queryChanged("pi")))
        send .list(.search(.queryChanged("pik")))
        send .list(.onAppear)
        effects
        respond e3 .failure(DexError(kind: .network, message: "offline"))

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n").map(String.init)
    #expect(lines.contains(#"{"type":"cancelled","effects":[{"effect":"e1","startedBy":1}]}"#))
    let effects: String =
      #"{"type":"effects","effects":[{"effect":"e2","startedBy":2,"#
      + #""location":"AppFeature › Scope(list) › PokemonListFeature › Scope(search) › "#
      + #"SearchFeature › Reduce","cancelIDs":["SearchFeature.CancelID.search"],"#
      + #""waitsOn":"sleeping on the manual clock until 300ms (now 0ms)"},"#
      + #"{"effect":"e3","startedBy":3,"#
      + #""location":"AppFeature › Scope(list) › PokemonListFeature › Reduce","#
      + #""cancelIDs":["PokemonListFeature.CancelID.page"],"#
      + #""waitsOn":"awaiting pokemonClient.page(offset: 0, limit: 20)"}]}"#
    #expect(lines.contains(effects))
    #expect(lines.last?.hasPrefix(#"{"type":"entry","entry":4,"origin":{"receivedFrom":3}"#) == true)
  }

  /// An external entry moves entry numbers past store indices: the effect still names #1.
  @Test func anEffectNamesItsEntryAfterAnExternalEntry() async throws {
    let result = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        send .list(.onAppear)
        shared favorites.json = [1]
        effects
        respond e1
        send .list(.rowAppeared(id: 20))
        shared favorites.json = [2]
        cancel e2

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("-") && !$0.hasPrefix("+") }
      // The reducer's location as `trace` names it, which this test leaves to others.
      .map { $0.hasPrefix("e1  started by #1 in ") ? "e1  started by #1 in" : $0 }
    #expect(
      lines == [
        "pokemonClient: manual",
        "#1 sent .list(.onAppear)",
        "#2 external favorites.json",
        "e1  started by #1 in",
        "#3 received from #1 .list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, "
          + "totalCount: 1025))))",
        "#4 sent .list(.rowAppeared(id: 20))",
        "#5 external favorites.json",
        "cancelled e2 (started by #4)",
      ])
  }
}

