import DexTesting
import Composable
import Foundation
import PokedexREPL
import StoreInspector
import Testing

@testable import DexREPLCore

/// What every line asks the debugger (is anything watched or hidden, does a hit hold the
/// effects, is `step` going through an action, are there new hits) is answered without its
/// lock; each answer follows the commands that change it, both ways.
@Suite(.isolatedSharedState) struct DebuggerPresenceTests {
  /// Runs `body` with a REPL at the prompt (lines are typed, not a script's), off the
  /// concurrency pool: the REPL blocks while effects run.
  private func atThePrompt(_ body: @escaping @Sendable (REPL) -> Void) async throws {
    let container = SharedContainer.current
    try await onDedicatedThread {
      SharedContainer.$current.withValue(container) { body(makeREPL()) }
    }
  }

  @Test func watchesBreakpointsAndHiddenActionsAreSeenAsTheyComeAndGo() async throws {
    try await atThePrompt { repl in
      let debugger = repl.session.debugger
      #expect(debugger.isIdle && !debugger.checksEntries)
      #expect(repl.execute("watch list.canLoadMore") == .proceed)
      #expect(!debugger.isIdle && debugger.checksEntries)
      #expect(repl.execute("unwatch all") == .proceed)
      #expect(debugger.isIdle && !debugger.checksEntries)
      #expect(repl.execute("hide .list(.rowAppeared)") == .proceed)
      #expect(!debugger.isIdle && !debugger.checksEntries, "a hidden action needs no check")
      #expect(repl.execute("unhide") == .proceed)
      #expect(debugger.isIdle)
      #expect(repl.execute("break on .favorites") == .proceed)
      #expect(!debugger.isIdle && debugger.checksEntries)
      #expect(repl.execute("break delete 1") == .proceed)
      #expect(debugger.isIdle && !debugger.checksEntries)
    }
  }

  @Test func aHitHoldsUntilContinueAndItsNewHitIsTakenOnce() async throws {
    try await atThePrompt { repl in
      let debugger = repl.session.debugger
      #expect(repl.execute("break on .list(.onAppear)") == .proceed)
      #expect(repl.execute("send .list(.onAppear)") == .proceed)
      #expect(debugger.hasNewHits)
      #expect(debugger.takeNewHits().map(\.entry.number) == [1])
      #expect(!debugger.hasNewHits && debugger.takeNewHits().isEmpty)
      #expect(debugger.isHolding && debugger.holding?.entry.number == 1, "the page load is held")
      guard case .rejected = repl.execute("fav 4") else {
        Issue.record("a typed fav goes on while a hit holds the effects")
        return
      }
      #expect(repl.execute("continue") == .proceed)
      #expect(!debugger.isHolding && debugger.holding == nil)
      #expect(repl.execute("fav 4") == .proceed, "nothing holds the effects any more")
      #expect(repl.session.store.state.favorites.favorites.contains(4))
    }
  }

  @Test func stepRefusesSendsUntilAbort() async throws {
    try await atThePrompt { repl in
      let debugger = repl.session.debugger
      #expect(!debugger.isStepping && debugger.stepping == nil)
      #expect(repl.execute("step .team(.addTapped(id: 1))") == .proceed)
      #expect(debugger.isStepping && debugger.stepping != nil)
      guard case .rejected = repl.execute("fav 25") else {
        Issue.record("fav went on while step goes through an action")
        return
      }
      #expect(repl.execute("abort") == .proceed)
      #expect(!debugger.isStepping && debugger.stepping == nil)
      #expect(repl.execute("fav 25") == .proceed)
      #expect(repl.session.store.state.favorites.favorites.contains(25))
    }
  }

  /// Each change is seen by the very next question, before any other change.
  @Test func eachChangeIsSeenAtOnce() throws {
    let debugger = Debugger<PokedexApp>()
    let pattern = try ActionPattern<PokedexApp.Feature.Action>(
      parsing: ".favorites", command: "break", synopsis: "", example: nil)
    let hit = Debugger<PokedexApp>.Hit(
      entry: EntryID(3), breakpoint: .init(number: 1, condition: .on(pattern)))
    debugger.stop(at: hit, blocking: false)
    #expect(debugger.isHolding && debugger.hasNewHits && debugger.holding?.entry == EntryID(3))
    debugger.release()
    #expect(!debugger.isHolding && debugger.holding == nil && debugger.hasNewHits)
    #expect(debugger.takeNewHits().count == 1 && !debugger.hasNewHits)
    debugger.noteHit(hit)
    #expect(debugger.hasNewHits && !debugger.isHolding)
    debugger.pendingMove = .init(stoppedAt: EntryID(1), target: EntryID(2))
    #expect(debugger.pendingMove?.target == EntryID(2))
    debugger.pendingMove = nil
    #expect(debugger.pendingMove == nil)
    #expect(debugger.hide(pattern) && !debugger.isIdle && !debugger.checksEntries)
    #expect(debugger.unhide(nil).count == 1 && debugger.isIdle)
    #expect(debugger.watch(StatePath(), text: "") && debugger.checksEntries)
    #expect(debugger.unwatch(nil).count == 1 && !debugger.checksEntries)
    _ = debugger.addBreakpoint(.on(pattern))
    #expect(debugger.checksEntries)
    #expect(debugger.deleteBreakpoint(1) != nil && debugger.isIdle && !debugger.checksEntries)
  }
}
