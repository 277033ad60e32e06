import Composable
import DexTesting
import Foundation
import Testing

@testable import DexREPLCore

/// `send --trace ACTION` reduces the action once, through the reducer tree built for tracing,
/// instead of sending it and then replaying it for the trace. Each scenario runs a session
/// with `send --trace` and the same session with `send` followed by `trace N` (the replay of
/// the recorded entry), and expects the same output, line for line: the entries, what the
/// effects sent, the trace, the history and the state after. A traced send that reduced the
/// action twice, traced the actions its effects sent, made a UUID twice or wrote a shared
/// value twice prints something else.
@Suite(.isolatedSharedState) struct TracedSendTests {
  /// What the REPL prints for `lines`, in a session with shared values of its own (the two
  /// sessions compared write the same favorites).
  private func output(_ lines: [String]) -> String {
    let container = SharedContainer(storage: .inMemory) { Issue.record(Comment(rawValue: $0)) }
    return SharedContainer.$current.withValue(container) {
      let capture = OutputCapture()
      let repl = makeREPL(output: capture.output, errors: capture.output)
      for line in lines { _ = repl.execute(line) }
      return capture.text
    }
  }

  /// How many traces `output` prints.
  private func traceCount(_ output: String) -> Int {
    output.split(separator: "\n").filter { $0.hasPrefix("trace #") }.count
  }

  @Test func anActionWhoseEffectSendsAnotherIsTracedAloneAndItsEffectRunsOnce() {
    let setUp = [
      "send .favorites(.favoriteTapped(id: 3))", "send .favorites(.releaseTapped(id: 3))",
    ]
    let after = ["log", "state favorites", "state list.favorites"]
    let traced = output(
      setUp + ["send --trace .favorites(.alert(.presented(.releaseConfirmed(id: 3))))"] + after)
    let replayed = output(
      setUp + ["send .favorites(.alert(.presented(.releaseConfirmed(id: 3))))", "trace 3"] + after)
    #expect(traced == replayed)
    #expect(traceCount(traced) == 1, "the action the effect sent (#4) is not traced")
    #expect(traced.contains("#4 received from #3 .favorites(.favoriteTapped(id: 3))\n"))
    #expect(traced.contains("effects: sends .favoriteTapped(id: 3)\n"))
    #expect(traced.contains("\n[]\n(the value of @Shared(favorites.json))"), "released once")
  }

  @Test func aSendThatMakesAUUIDMakesItOnce() {
    let traced = output([
      "send --trace .team(.addTapped(id: 1))", "send --trace .team(.addTapped(id: 4))",
      "send .team(.addTapped(id: 7))", "state team.members", "log",
    ])
    let replayed = output([
      "send .team(.addTapped(id: 1))", "trace", "send .team(.addTapped(id: 4))", "trace",
      "send .team(.addTapped(id: 7))", "state team.members", "log",
    ])
    #expect(traced == replayed)
    #expect(traceCount(traced) == 2)
    for count in 1...3 {
      #expect(traced.contains("id: UUID(\"00000000-0000-0000-0000-00000000000\(count)\")"))
    }
    #expect(!traced.contains("00000000-0000-0000-0000-000000000004"), "no UUID made twice")
  }

  @Test func aTracedSendAfterBackBranchesAsASendDoes() {
    let setUp = [
      "send .favorites(.favoriteTapped(id: 1))", "send .favorites(.favoriteTapped(id: 2))",
      "back",
    ]
    let after = ["log", "state list.favorites", "forward"]
    let traced = output(setUp + ["send --trace .favorites(.favoriteTapped(id: 3))"] + after)
    let replayed = output(
      setUp + ["send .favorites(.favoriteTapped(id: 3))", "trace"] + after)
    #expect(traced == replayed)
    #expect(traced.contains("\n[1, 3]\n"), "branched from #1: #2's favorite is not there")
  }

  @Test func aSharedValueTheActionWritesIsWrittenOnce() {
    let traced = output([
      "send --trace .favorites(.favoriteTapped(id: 25))", "state list.favorites",
    ])
    let replayed = output([
      "send .favorites(.favoriteTapped(id: 25))", "trace", "state list.favorites",
    ])
    #expect(traced == replayed)
    // A toggle written twice would leave the favorites as they were.
    #expect(traced.contains("\n[25]\n(the value of @Shared(favorites.json))"))
    #expect(traced.contains("changed favorites:\n"))
  }

  @Test func aTracedSendWhileAnEffectSleepsOnTheManualClockLeavesItToRunLater() {
    let setUp = ["clock manual", "send .list(.search(.queryChanged(\"bulba\")))"]
    let after = ["effects", "advance 1s", "log", "state list.search.query"]
    let traced = output(setUp + ["send --trace .favorites(.favoriteTapped(id: 3))"] + after)
    let replayed = output(setUp + ["send .favorites(.favoriteTapped(id: 3))", "trace"] + after)
    #expect(traced == replayed)
    #expect(traceCount(traced) == 1)
    #expect(traced.contains("received from #1 "), "the sleeping effect woke and sent its action")
  }

  @Test func aTracedSendThatHitsABreakpointHoldsItsEffectAsASendDoes() {
    let setUp = ["break on .list(.onAppear)"]
    let after = ["effects", "continue", "log"]
    let traced = output(setUp + ["send --trace .list(.onAppear)"] + after)
    let replayed = output(setUp + ["send .list(.onAppear)", "trace 1"] + after)
    #expect(traced == replayed)
    #expect(traced.contains("break #1: on .list(.onAppear) (breakpoint 1)\n"))
    #expect(traced.contains("effects: run (cancellable: PokemonListFeature.CancelID.page)"))
    #expect(traced.contains("#2 received from #1 .list(.pageLoaded("))
  }

  /// A script line that sends while a hit holds effects delivers what the hit held first, then
  /// sends: through the real `dex`, where input lines are script lines.
  @Test func aTracedScriptLineDeliversWhatAHitHeldThenTracesItsOwnAction() async throws {
    let setUp = "break on .list(.onAppear)\nsend .list(.onAppear)\n"
    let traced = try await DexProcess.run(
      input: setUp + "send --trace .favorites(.favoriteTapped(id: 3))\nlog\n")
    let replayed = try await DexProcess.run(
      input: setUp + "send .favorites(.favoriteTapped(id: 3))\ntrace 3\nlog\n")
    #expect(traced.status == 0, "\(traced.standardError)")
    #expect(traced.standardOutput == replayed.standardOutput)
    #expect(traced.standardError == replayed.standardError)
    #expect(traced.standardOutput.contains("#2 received from #1 .list(.pageLoaded("))
    #expect(traced.standardOutput.contains("trace #3 sent .favorites(.favoriteTapped(id: 3))\n"))
  }
}
