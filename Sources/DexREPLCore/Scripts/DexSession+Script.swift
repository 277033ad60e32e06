import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// What `record` writes besides the history: the commands a replay needs.
extension DexSession {
  /// Remembers a command `record` must write (dep, clock, advance, `cancel all`), after the
  /// current entry.
  func rememberScriptCommand(_ command: ScriptCommand.Command) {
    kept.withLock { kept in
      let head = kept.history.currentEntry != kept.history.head ? kept.history.head : nil
      kept.scriptCommands.append(ScriptCommand(after: kept.history.currentEntry, head: head, command))
    }
  }

  /// Remembers the command naming `effect` (respond, cancel) that `command` makes of the
  /// effect's session number, after the current entry: `record` writes the name the replay
  /// gives the effect.
  func rememberScriptCommand(
    naming effect: EffectListing, _ command: (_ effectNumber: Int) -> ScriptCommand.Command
  ) {
    guard let number = effectNumbers.number(of: effect.taskID) else { return }
    kept.withLock { kept in
      kept.scriptCommands.append(
        ScriptCommand(after: kept.history.currentEntry, command(number), call: effect.call?.text))
    }
  }

  /// What `record` needs besides the history, for a session file (see `SessionScript`).
  var script: SessionScript {
    let effects = effectNumbers.startingEntries
    return kept.withLock { kept in
      SessionScript(
        commands: rememberedCommands(kept), effects: effects, held: kept.heldCancellations)
    }
  }

  /// Remembers a `cancel` of each named effect running now, which a move from `entry` to
  /// `destination` is about to cancel: a replay, which makes no move, cancels them too. Each
  /// goes after the destination, or after the entry that started the effect when that is later
  /// (a move back before it): where a replay of the branch first has the effect running, so
  /// the replay of a session that stays there, or goes on from there, cancels it in its place.
  func rememberCancellingRunningEffects(movingFrom entry: EntryID, to destination: EntryID) {
    let named = store.runningEffects.compactMap { effect in
      effectNumbers.number(of: effect.id).map { number in
        (number, start: EntryID(actionNumber: effect.actionIndex))
      }
    }
    guard !named.isEmpty else { return }
    kept.withLock { kept in
      if debugger.holding != nil {
        let names = named.map { "e\($0.0)" }.joined(separator: " ")
        kept.heldCancellations.append(
          (entry, "a move from #\(entry.number) cancelled \(names) held by a breakpoint, "
            + "which the replay lets run"))
        return
      }
      kept.scriptCommands += named.map { number, start in
        ScriptCommand(
          after: start.number > destination.number ? start : destination, .cancel(effect: number))
      }
    }
  }

  /// Remembers that `command` (`abort`, `cancel e1`) cancelled `effects` while a breakpoint hit
  /// held them: a replay lets them run.
  func rememberHeldCancellation(by command: String, of effects: [EffectListing]) {
    guard !effects.isEmpty else { return }
    let names = effects.map(\.name).joined(separator: " ")
    kept.withLock { kept in
      let entry = kept.history.currentEntry
      kept.heldCancellations.append(
        (
          entry,
          "'\(command)' after #\(entry.number) cancelled \(names) held by a breakpoint, "
            + "which the replay lets run"
        ))
    }
  }

  /// The commands remembered for `record`: for a history begun in this process, its
  /// `startingCommands` after entry 0 first, then those typed (or imported) in order.
  var rememberedScriptCommands: [ScriptCommand] {
    kept.withLock { kept in rememberedCommands(kept) }
  }

  private func rememberedCommands(_ kept: Kept) -> [ScriptCommand] {
    let starting = kept.origin == .thisProcess ? startingCommands : []
    return starting.map { ScriptCommand(after: .initial, $0) } + kept.scriptCommands
  }
}
