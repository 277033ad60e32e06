import DexTesting
import Foundation
import Testing

/// What a breakpoint hit holds — the effects still running — against the commands that meet
/// it: `cancel` never waits on a held effect, a script line that needs the store delivers the
/// held work first, and `step` keeps the app as it found it until it ends. Through the real
/// `dex` binary.
@Suite struct HeldWorkTests {
  /// `break on .list(.pageLoaded)` then the first page: the hit holds the page effect (e1).
  static let pageHit = """
    break on .list(.pageLoaded)
    send .list(.onAppear)

    """

  static func lines(_ output: String, startingWith prefix: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.hasPrefix(prefix) }
  }

  @Test func cancellingAHeldEffectReturnsAtOnceAndSaysItOnce() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: Self.pageHit + """
        cancel e1
        cancel e1
        effects
        back
        cancel all
        abort
        effects

        """)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:4: cancel: e1 is cancelled already: it ends when break #2 lets the held effects run; 'continue' or 'abort'."
      ])
    #expect(Self.lines(result.standardOutput, startingWith: "cancelled ") == ["cancelled e1 (started by #1)"])
    #expect(
      Self.lines(result.standardOutput, startingWith: "e1 ").first?
        .hasSuffix("cancel id PokemonListFeature.CancelID.page  cancelled, held by break #2") == true,
      "\(result.standardOutput)")
    #expect(result.standardOutput.hasSuffix("dropped the work the breakpoint held\nNo effects running.\n"))
  }

  @Test func aScriptLineThatSendsDeliversWhatAHitHeldFirstAndTheScriptSucceeds() async throws {
    let result = try await DexProcess.run(
      input: """
        break on .list(.onAppear)
        send .list(.onAppear)
        send .list(.rowTapped(id: 3))
        expect list.loadState is .loaded
        expect list.destination is .detail

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let reported = result.standardOutput.split(separator: "\n").filter {
      $0.hasPrefix("#") || $0.hasPrefix("break #")
    }
    #expect(
      reported == [
        "#1 sent .list(.onAppear)",
        "break #1: on .list(.onAppear) (breakpoint 1)",
        "break #1: the script goes on; the effects it held run first",
        "#2 received from #1 .list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, totalCount: 1025))))",
        "#3 sent .list(.rowTapped(id: 3))",
      ])
  }

  /// A clock switch or an advance while a hit holds a sleeper: the held work runs first (it
  /// hung: the sleeper was left on the manual clock, held, and `continue` waited for ever).
  @Test func movingTheClockInAScriptRunsWhatAHitHeldFirst() async throws {
    for move in ["clock immediate", "advance 300ms"] {
      let result = try await DexProcess.run(
        input: """
          clock manual
          break on .list(.search(.queryChanged))
          send .list(.search(.queryChanged("a")))
          \(move)
          expect list.search.appliedQuery == "a"

          """)
      #expect(result.status == 0, "\(move): \(result.standardError)")
      #expect(
        result.standardOutput.contains(
          "break #1: the script goes on; the effects it held run first\n"),
        "\(move): \(result.standardOutput)")
    }
  }

  /// A hit on what an answer delivered: `continue` lets the answering effect finish before the
  /// prompt comes back (it still listed it running afterwards).
  @Test func continueAfterAHitOnAnAnswerReturnsOnceTheEffectEnded() async throws {
    let result = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        break on .list(.pageLoaded)
        send .list(.onAppear)
        respond e1
        effects
        continue
        effects

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.hasSuffix(
        "cancel id PokemonListFeature.CancelID.page  held by break #2\nNo effects running.\n"),
      "\(result.standardOutput)")
  }

  @Test func commandsThatChangeTheAppAreRefusedWhileStepGoesThroughAnAction() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        send .list(.onAppear)
        send .list(.rowTapped(id: 4))
        step .list(.destination(.presented(.detail(.favoriteTapped))))
        back
        shared favorites.json = [1]
        jump 0
        shared favorites.json
        continue
        favs

        """)
    let refused = "step is going through .list(.destination(.presented(.detail(.favoriteTapped)))); 'next', 'continue' or 'abort' first."
    #expect(
      result.errorLines == [
        "<stdin>:4: back: \(refused)", "<stdin>:5: shared: \(refused)",
        "<stdin>:6: jump: \(refused)",
      ])
    #expect(result.standardOutput.contains("\n[]\n"))
    #expect(result.standardOutput.contains("#4 sent .list(.destination(.presented(.detail(.favoriteTapped))))"))
    #expect(result.standardOutput.hasSuffix("4 Charmander\n"))
  }
}
