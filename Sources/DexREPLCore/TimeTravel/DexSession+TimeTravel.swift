import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// Moving through history and replacing it (an import).
extension DexSession {
  /// Moves through history with `move` (or recomputes it: skip, unskip), then puts the app in
  /// the moment the cursor is at: running effects are cancelled, and each persisted shared
  /// value gets exactly the change this session's own entries make on the way — another
  /// process's change, and external entries, are never undone. Nothing changes when `move`
  /// fails or a shared value cannot take the change.
  ///
  /// The entries `passing` names are checked as a live entry is (watch lines, breakpoints); at
  /// the first that hits a breakpoint the cursor stops there instead, and the rest of the move
  /// is what `continue` does (`debugger.pendingMove`). Any move replaces a pending one.
  func travel(
    passing: Passing = .nothing,
    _ move: (inout History<StoreMoment<State>, SessionStep<Action>>) throws(HistoryError) -> Void
  ) throws(TravelError) {
    typealias Moved = (
      moment: StoreMoment<State>, findings: [Debugger<App>.Finding], stopped: Debugger<App>.Move?,
      from: EntryID, to: EntryID
    )
    let (moment, findings, stopped, start, destination) = try locked {
      kept throws(TravelError) -> Moved in
      var moved = kept.history
      let start = kept.history.currentEntry
      let before = kept.history.currentMoment
      let changes: [(old: SharedSnapshot, new: SharedSnapshot)]
      let findings: [Debugger<App>.Finding]
      var stopped: Debugger<App>.Move?
      do throws(HistoryError) {
        try move(&moved)
        findings = self.findings(passing, in: moved)
        // A hit where the move ends leaves no rest to continue.
        if let hit = findings.last, hit.breakpoint != nil, hit.entry != moved.currentEntry {
          stopped = Debugger<App>.Move(stoppedAt: hit.entry, target: moved.currentEntry)
          try moved.jump(to: hit.entry)
        }
        // What recomputation changed where the cursor was (skip, unskip), then the own
        // entries between there and where the cursor is now.
        let recomputed = try moved.moment(at: start)
        changes =
          [(old: before.shared, new: recomputed.shared)]
          + (try moved.ownChanges(from: start, to: moved.currentEntry) { $0.shared })
      } catch {
        throw .history(error)
      }
      let moment = moved.currentMoment
      do throws(SharedTravelError) {
        try store.sharedContainer.travel(making: changes, to: moment.shared)
      } catch {
        throw .shared(error)
      }
      kept.history = moved
      return (moment, findings, stopped, start, moved.currentEntry)
    }
    rememberCancellingRunningEffects(movingFrom: start, to: destination)
    store.replaceState(moment.state, shared: nil)
    countStackElementIDsFromCursor()
    debugger.pendingMove = stopped
    console.running {
      for finding in findings { report(finding, stopping: .reporting) }
    }
  }

  /// Runs `body` holding the session's lock, keeping the error's type.
  func locked<Value>(
    _ body: (inout Kept) throws(TravelError) -> Value
  ) throws(TravelError) -> Value {
    try kept.withLock { kept in
      Result { () throws(TravelError) -> Value in try body(&kept) }
    }.get()
  }

  /// Replaces the history (an import) and puts the app in its current moment: shared values
  /// take the session's values in memory, and no file is written. Returns the persisted keys
  /// whose file holds another value ('restore NAME' writes the session's).
  /// `script`, read from the file's `script` member, holds the commands `record` writes besides
  /// sends; without it (an older file) `record` says that they are missing.
  func replaceHistory(
    _ newHistory: History<StoreMoment<State>, SessionStep<Action>>, script: SessionScript?
  ) -> [SharedKeyID] {
    let moment = kept.withLock { kept -> StoreMoment<State> in
      kept.history = newHistory
      kept.scriptCommands = []
      kept.heldCancellations = []
      kept.origin = script == nil ? .sessionFileWithoutCommands : .sessionFile
      return kept.history.currentMoment
    }
    if generators.uuidMode == .incrementing {
      generators.setUUIDs(.incrementing, countingAfter: highestCountingUUID())
    }
    countStackElementIDsFromCursor()
    if let script {
      effectNumbers.continueNumbering(after: script.effects)
      kept.withLock { kept in
        kept.scriptCommands = script.commands
        kept.heldCancellations = script.held
      }
    } else {
      effectNumbers.forgetStartingEntries()
    }
    // An import runs no effect: a replay ends the ones the imported commands left running
    // (an effect asleep on the manual clock would wake when the clock below is set).
    rememberScriptCommand(.cancelAll)
    // From here on this session's own dependencies and clock are in force, not the ones the
    // imported commands left: a replay sets them again here.
    let current = dependencyDescriptions.sorted { $0.key < $1.key }
    for (name, description) in current where name != "uuid" {
      rememberScriptCommand(.dependency(name: name, value: description))
    }
    rememberScriptCommand(.clock(clockMode))
    store.replaceState(moment.state, shared: nil)
    return store.sharedContainer.hold(moment.shared)
  }
}

/// Why time travel did nothing (worded in `Wording/`).
enum TravelError: Error {
  /// The history refused the move.
  case history(HistoryError)
  /// A shared value could not take the change.
  case shared(SharedTravelError)
}
