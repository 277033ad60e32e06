import Composable
import ComposableInspection
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
    /// What it waits on: `sleeping on the manual clock until 300ms (now 120ms)`, `awaiting
    /// apiClient.page(offset: 20, limit: 20)`, `running`.
    let waitsOn: String
    /// The call it waits on for an answer from the prompt, if any.
    let call: PendingCall?
    /// The store's number of its task.
    let taskID: UInt64
    /// The reducer that returned it, as `trace` names it, when asked for and found.
    var reducer: ActionTrace.Step?
  }

  /// `effects` lists each with the reducer that returned it: the running effects, each with
  /// the location its starting entry's trace gives the one reducer of its own logic that
  /// returned async work with the same cancel ids (none when that is not one reducer). The
  /// entries are traced here, only when asked: starting an effect records nothing for this.
  func locatedRunningEffects() -> [EffectListing] {
    var located = runningEffects()
    var runsByEntry: [EntryID: [(step: ActionTrace.Step, cancelIDs: [String])]] = [:]
    for index in located.indices {
      let entry = located[index].startedBy
      if runsByEntry[entry] == nil {
        let steps = (try? trace(entry))?.trace?.steps ?? []
        runsByEntry[entry] = steps.filter(\.node.runsOwnLogic).flatMap { step in
          step.effect.parts.compactMap { part in
            guard case .run = part.work else { return nil }
            return (step, part.cancellableIDs.map(Transcript<App>.idText))
          }
        }
      }
      let runs = runsByEntry[entry] ?? []
      let matching = runs.filter { $0.cancelIDs == located[index].cancelIDs }
      if Set(matching.map(\.step.locatedText)).count == 1 {
        located[index].reducer = matching.first?.step
      }
    }
    return located
  }

  /// The effects running now, in the order they started, each with its session name.
  func runningEffects() -> [EffectListing] {
    let running = store.runningEffects
    let numbered = effectNumbers.number(running) { EntryID(actionNumber: $0.actionIndex) }
    let now = manualClock.now
    // While a breakpoint hit holds the effects, one that would run waits for `continue`.
    let runningText = debugger.holding?.heldText ?? "running"
    return numbered.map { effect, number in
      var waitsOn = runningText
      if debugger.wasSaidCancelled(effect.id) { waitsOn = "cancelled, " + waitsOn }
      var call: PendingCall?
      switch promptWait(ofEffectTask: effect.id) {
      case let .answer(awaited)?:
        call = awaited
        waitsOn = "awaiting " + awaited.text
      case let .clock(deadline)?:
        waitsOn = "sleeping on the manual clock until "
          + ClockReport.describe(ManualClock.Instant.zero.duration(to: deadline))
          + " (now \(ClockReport.describe(ManualClock.Instant.zero.duration(to: now))))"
      case nil:
        break
      }
      return EffectListing(
        name: "e\(number)", startedBy: EntryID(actionNumber: effect.actionIndex),
        cancelIDs: effect.cancelIDs, waitsOn: waitsOn, call: call, taskID: effect.id)
    }
  }

  /// What a running effect waits on that only a command gives.
  private enum PromptWait {
    /// An answer to this call (`respond`).
    case answer(PendingCall)
    /// The manual clock reaching this deadline (`advance`).
    case clock(ManualClock.Instant)
  }

  /// What the effect task `id` waits on that only a command gives; nil when it runs.
  private func promptWait(ofEffectTask id: UInt64) -> PromptWait? {
    if let call = pendingCalls.call(ofEffectTask: id) { return .answer(call) }
    guard clockMode == .manual, let deadline = manualClock.deadline(ofEffectTask: id) else {
      return nil
    }
    return .clock(deadline)
  }

  /// Whether every running effect waits on the manual clock or on an answer from the prompt:
  /// nothing happens until a command moves the clock or answers. Each effect is asked what it
  /// waits on, as `effects` lists it, so a command never returns while `effects` would show
  /// one `running` (counting sleepers instead raced with an effect about to make its call).
  var effectsWaitOnPrompt: Bool {
    let running = store.runningEffects
    return !running.isEmpty && running.allSatisfy { promptWait(ofEffectTask: $0.id) != nil }
  }

  /// What a command says when Ctrl-C stops it waiting for effects.
  static var stoppedWaiting: String {
    Notice.stoppedWaiting.line
  }

  /// Answers the call `effect` waits on with `answer` (nil: what the dependency would have
  /// answered), then waits until every running effect has finished or waits on the manual
  /// clock or the prompt; what they send prints as any received action. False when the call
  /// does not take `answer` (a value of another type).
  func respond(to effect: EffectListing, with answer: Result<any Sendable, any Error>?) -> Bool {
    guard let call = effect.call else { return false }
    console.beginCommand()
    defer { console.endCommand() }
    let chosen = answer ?? standardAnswer(to: call)
    guard pendingCalls.answer(call.id, with: chosen) else { return false }
    wait { !store.runningEffects.isEmpty && !effectsWaitOnPrompt }
    flushWarnings()
    return true
  }

  /// Those of `effects` not said cancelled before, from now on said: an effect cancelled while
  /// a breakpoint hit holds it runs on until the hold ends, and is said cancelled once.
  func newlyCancelled(_ effects: [EffectListing]) -> [EffectListing] {
    effects.filter { debugger.sayCancelled($0.taskID) }
  }

  /// Waits while `busy` holds, asking again soon, then less and less often, as a send does; a
  /// breakpoint hit, quitting or Ctrl-C (which says so) stops the wait.
  func wait(while busy: () -> Bool) {
    // Nothing signals it: each wait is a pause that ends early once `busy` stops holding.
    let pauses = Condition()
    var pause = Duration.microseconds(50)
    while busy(), !debugger.isHolding, !TerminalSignals.terminationRequested {
      if TerminalSignals.consumeInterrupt() {
        emitText(Self.stoppedWaiting)
        return
      }
      _ = pauses.wait(until: { !busy() }, timeout: pause)
      pause = min(pause * 2, .milliseconds(20))
    }
  }

  /// What the dependency would have answered `call`.
  private func standardAnswer(to call: PendingCall) -> Result<any Sendable, any Error> {
    let answer = LockedValue<Result<any Sendable, any Error>?>(nil)
    let done = Condition()
    Task.detached {
      let standard = await call.standard()
      answer.withLock { $0 = standard }
      done.signalAll()
    }
    while !done.wait(until: { answer.withLock { $0 } != nil }, timeout: .milliseconds(20)) {}
    return answer.withLock { $0 } ?? .failure(CancellationError())
  }

  /// Cancels `effects` as their cancel ids would, then waits for them to end (what they send
  /// on cancellation prints as any received action).
  func cancel(_ effects: [EffectListing]) {
    waitForEnd(of: effects.compactMap { store.cancelEffect($0.taskID) })
  }

  /// Waits for cancelled effect `tasks` to end (what they send on cancellation prints as any
  /// received action). While a breakpoint hit holds the effects they cannot end, so it does not
  /// wait then: they end once `continue` or `abort` lets them run. Ctrl-C stops the wait.
  func waitForEnd(of tasks: [Task<Void, Never>]) {
    console.beginCommand()
    defer { console.endCommand() }
    defer { _ = store.takeCancelledEffects() }  // said by the command
    let finished = LockedValue(false)
    Task.detached {
      for task in tasks { await task.value }
      finished.withLock { $0 = true }
    }
    wait { !finished.withLock { $0 } }
    flushWarnings()
  }

  /// The effects cancelled since last asked (by a cancel id, a history move, `cancel`) that
  /// had outlived a command, so had a name, in the order they were numbered; waits for them to
  /// end first, so that none is listed as running afterwards.
  func takeCancelledEffects() -> [EffectListing] {
    let cancelled = store.takeCancelledEffects()
    if !cancelled.isEmpty {
      let ids = Set(cancelled.map(\.id))
      console.beginCommand()
      defer { console.endCommand() }
      wait { store.runningEffects.contains { ids.contains($0.id) } }
    }
    // In the order they were started: several ending at once (a stack's screens popped
    // together) are said in the same order every run.
    let numbered = cancelled.compactMap { effect in
      effectNumbers.number(of: effect.id).map { (number: $0, effect: effect) }
    }
    return numbered.sorted { $0.number < $1.number }.map { number, effect in
      EffectListing(
        name: "e\(number)", startedBy: EntryID(actionNumber: effect.actionIndex),
        cancelIDs: effect.cancelIDs, waitsOn: "cancelled", call: nil, taskID: effect.id)
    }
  }
}
