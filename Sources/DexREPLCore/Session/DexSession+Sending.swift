import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// Sending an action and waiting for the work it starts.
extension DexSession {
  /// Sends `action`, prints the entry it was recorded as and what it changed (before any work
  /// it starts prints), then waits for its effects (the store's observer prints the actions
  /// they send) until they finish, wait on the manual clock or a breakpoint holds them; returns
  /// that entry: nil while the store processes another action's work on another thread, which
  /// records and prints it when it gets to it. Commands check `refuseWhileHolding()` first.
  /// `reduce`, when given, reduces `action` instead of the store's reduce function (the same
  /// reducers built for tracing: `sendTraced(_:)`).
  @discardableResult
  package func send(
    _ action: Action, reducingWith reduce: ReduceFunction<State, Action>? = nil
  ) -> EntryID? {
    sent(action, reducingWith: reduce)?.entry
  }

  /// `send(_:reducingWith:)`, with the action's line as its entry's header printed it (nil:
  /// a hidden action printed no header).
  func sent(
    _ action: Action, reducingWith reduce: ReduceFunction<State, Action>?
  ) -> (entry: EntryID, line: String?)? {
    console.beginCommand()
    defer { console.endCommand() }
    recordOutsideChangesAtCursor()
    var reported: (entry: EntryID, line: String?)?
    let task = store.send(action, reducingWith: reduce) { processed, number in
      let sent = EntryID(actionNumber: number)
      reported = (sent, self.report(processed, as: sent, origin: .sent))
    }
    waitForEffects(of: task)
    // A hit on an action whose work is all done holds nothing.
    if debugger.isHolding, task.isFinished { debugger.release() }
    return reported
  }

  /// Moves the manual clock forward and waits for the effects it wakes; says which sleeping
  /// effects woke (and the entries they made) and which still sleep, until when.
  func advance(by duration: Duration) {
    console.beginCommand()
    defer { console.endCommand() }
    let start = manualClock.now
    let target = start.advanced(by: duration)
    let waking = manualClock.deadlines.filter { $0 <= target }.count
    let firstEntry = withHistory { $0.count }
    let done = Condition()
    let finished = LockedValue(false)
    Task.detached { [manualClock] in
      await manualClock.advance(by: duration)
      finished.withLock { $0 = true }
      done.signalAll()
    }
    while !TerminalSignals.terminationRequested, !debugger.isHolding,
      !done.wait(until: { finished.withLock { $0 } }, timeout: .milliseconds(20))
    {
      if TerminalSignals.consumeInterrupt() {
        emitText(Notice.stoppedAdvancing.line)
        return
      }
    }
    flushWarnings()
    let made = withHistory { $0.count } - firstEntry
    emitText(
      ClockReport.advanced(
        to: target, from: start, woke: waking, entriesMade: made,
        stillAsleep: manualClock.deadlines) + "\n")
  }

  func waitForEffects(of task: StoreTask) {
    let started = ContinuousClock.now
    defer { spinner?.clear(writingTo: output) }
    var ended = false
    debugger.interruptedWait = nil
    let settled = task.waitUntilSettled(
      {
        if debugger.isHolding {
          debugger.interruptedWait = task
          return true
        }
        if effectsWaitOnPrompt { return true }
        if TerminalSignals.terminationRequested { return true }
        // Ctrl-D while waiting: stop waiting; the reader then sees the end of the input.
        if settings.isInteractive, StandardInput.isAtEnd {
          ended = true
          return true
        }
        spinner?.tick(elapsed: ContinuousClock.now - started, writingTo: output)
        return false
      },
      interrupted: TerminalSignals.consumeInterrupt)
    if !settled {
      emitText(Self.stoppedWaiting)
    } else if ended {
      emitText(Notice.inputEnded.line)
      inputEnded.withLock { $0 = true }
    }
    flushWarnings()
  }
}
