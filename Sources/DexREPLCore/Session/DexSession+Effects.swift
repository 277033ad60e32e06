import Composable
import DexPlatform
import Foundation
import StoreInspector

extension DexSession {
  /// A running effect as `effects` lists it.
  struct EffectListing {
    /// `e3`.
    let name: String
    let startedBy: EntryID
    /// The cancel ids it was made cancellable by, as they print.
    let cancelIDs: [String]
    /// What it waits on: `sleeping on the manual clock until 300ms (now 120ms)`, `running`.
    let waitsOn: String
    /// The store's number of its task.
    let taskID: UInt64
  }

  /// The effects running now, in the order they started, each with its session name.
  func runningEffects() -> [EffectListing] {
    let running = store.runningEffects
    let numbered = effectNumbers.number(running)
    let now = manualClock.now
    return numbered.map { effect, number in
      var waitsOn = "running"
      if clockMode == .manual, let deadline = manualClock.deadline(ofEffectTask: effect.id) {
        waitsOn = "sleeping on the manual clock until "
          + ClockReport.describe(ManualClock.Instant.zero.duration(to: deadline))
          + " (now \(ClockReport.describe(ManualClock.Instant.zero.duration(to: now))))"
      }
      return EffectListing(
        name: "e\(number)", startedBy: recordedEntry(forStoreIndex: effect.actionIndex),
        cancelIDs: effect.cancelIDs, waitsOn: waitsOn, taskID: effect.id)
    }
  }

  /// Cancels `effects` as their cancel ids would, then waits for them to end (what they send
  /// on cancellation prints as any received action).
  func cancel(_ effects: [EffectListing]) {
    waitForEnd(of: effects.compactMap { store.cancelEffect($0.taskID) })
  }

  /// Waits for cancelled effect `tasks` to end (what they send on cancellation prints as any
  /// received action).
  func waitForEnd(of tasks: [Task<Void, Never>]) {
    beginCommand()
    defer { endCommand() }
    let done = Condition()
    let finished = Flag()
    Task.detached {
      for task in tasks { await task.value }
      finished.set()
      done.signalAll()
    }
    while !done.wait(until: { finished.isSet }, timeout: .milliseconds(20)),
      !TerminalSignals.terminationRequested
    {}
    flushWarnings()
  }
}
