import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// Sending an action and waiting for the work it starts.
extension DexSession {
  /// Sends `action`, prints it and what it changed, then waits for its effects (and prints the
  /// actions they send) until they finish, wait on the manual clock or a breakpoint holds them;
  /// returns the entry the action was recorded as: nil while the store processes another
  /// action's work on another thread, which records it when it gets to it. Commands check
  /// `refuseWhileHolding()` first.
  @discardableResult
  package func send(_ action: Action) -> EntryID? {
    console.beginCommand()
    defer { console.endCommand() }
    recordOutsideChangesAtCursor()
    let start = withHistory { $0.currentEntry }
    let task = store.send(action)
    let entry = firstSentEntry(after: start)
    waitForEffects(of: task)
    // A hit on an action whose work is all done holds nothing.
    if debugger.isHolding, task.isFinished { debugger.release() }
    return entry
  }

  /// The first entry sent from the session after `start`, walking back from the current entry
  /// over the entries the store recorded since (the sent action, the actions its `.send`
  /// effects sent, external changes).
  private func firstSentEntry(after start: EntryID) -> EntryID? {
    withHistory { history in
      var found: EntryID?
      var id = history.currentEntry
      while id != start, id != .initial, let entry = try? history.entry(id) {
        if entry.origin == .sent { found = id }
        id = entry.parent
      }
      return found
    }
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
      lock.withLock { inputEnded = true }
    }
    flushWarnings()
  }
}
