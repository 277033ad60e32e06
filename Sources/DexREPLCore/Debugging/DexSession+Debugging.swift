import Composable
import ComposableInspection
import StoreInspector

extension DexSession {
  /// Adds a breakpoint; from the first one on, effects run on the debugger's executor, which a
  /// hit holds.
  func addBreakpoint(_ condition: Debugger<App>.Breakpoint.Condition) -> Debugger<App>.Breakpoint {
    if debugger.breakpoints.isEmpty {
      let executor = debugger.executor
      store.updateDependencies { $0.effectExecutor = executor }
    }
    return debugger.addBreakpoint(condition)
  }

  /// Which entries a move through history checks for watches and breakpoints.
  enum Passing {
    /// None (back, jump, branch).
    case nothing
    /// Those after this entry up to where the cursor lands: the entries `forward` and
    /// `continue` pass, and those of an imported session up to its current entry.
    case after(EntryID)
    /// This entry, when it is on the current branch, and those after it up to the cursor: what
    /// `skip` and `unskip` recomputed, as they are now.
    case from(EntryID)
  }

  /// What checking the entries `passing` names in `history` found, up to the first that hits a
  /// breakpoint (the last finding then; without `breaking`, breakpoints are left out and every
  /// entry is checked): each entry with the moments around it, one reduction per entry not
  /// stored.
  func findings(
    _ passing: Passing, in history: History<StoreMoment<State>, SessionStep<Action>>,
    breaking: Bool = true
  ) -> [Debugger<App>.Finding] {
    let start: EntryID
    switch passing {
    case .nothing:
      return []
    case let .after(entry):
      start = entry
    case let .from(entry):
      guard history.isOnCurrentBranch(entry), let parent = try? history.entry(entry).parent else {
        return []
      }
      start = parent
    }
    guard debugger.checksEntries else { return [] }
    var findings: [Debugger<App>.Finding] = []
    history.walkCurrentBranch(after: start, through: history.currentEntry) { entry, before, after in
      guard let finding = debugger.check(entry.id, step: entry.action, before: before, after: after)
      else { return true }
      guard breaking else {
        if !finding.watches.isEmpty { findings.append(finding.withoutBreakpoint) }
        return true
      }
      findings.append(finding)
      return finding.breakpoint == nil
    }
    return findings
  }

  /// Prints the watch lines of an imported session's entries, from the first up to its current
  /// entry. An import stops at no breakpoint: it moves nothing, and writes no file.
  func reportImportedWatches() {
    let findings = withHistory { self.findings(.after(.initial), in: $0, breaking: false) }
    console.running {
      for finding in findings { report(finding, stopping: .reporting) }
    }
  }

  /// Drops what a breakpoint hit holds: the interrupted work and every running effect are
  /// cancelled, then let go so the held jobs see the cancellation and end, which it waits for
  /// (nothing delivers after). Returns the effects that were running.
  @discardableResult
  func dropHeldWork() -> [EffectListing] {
    let running = runningEffects()
    cancelInterruptedWait()
    let tasks = running.compactMap { store.cancelEffect($0.taskID) }
    store.cancelAllEffects()
    debugger.release()
    waitForEnd(of: tasks)
    rememberHeldCancellation(by: "abort", of: running)
    return running
  }

  /// Where `bisect` found an expectation to start failing.
  struct Bisection {
    /// The first entry after which the expectation fails.
    let entry: EntryID
    let step: SessionStep<Action>
    /// How many moments it computed (the two ends included).
    let computed: Int
  }

  /// The first entry of the current branch, up to the current entry, after which the
  /// expectation fails (`problem` gives why, nil when it holds), searched by halving: it must
  /// hold at #0 and fail at the current entry. Each moment is computed from the nearest stored
  /// one; the session does not move.
  func bisect(_ problem: (StoreMoment<State>) -> String?) throws(REPLError) -> Bisection {
    let result = withHistory { history -> Result<Bisection, REPLError> in
      let current = history.currentEntry
      let entries = [EntryID.initial] + history.currentBranch.prefix { $0 != current }
        + (current == .initial ? [] : [current])
      var computed = 0
      func problemAfter(_ index: Int) -> String? {
        computed += 1
        guard let moment = try? history.moment(at: entries[index]) else {
          return "its moment cannot be computed"
        }
        return problem(moment)
      }
      func holdsAfter(_ index: Int) -> Bool { problemAfter(index) == nil }
      if let reason = problemAfter(0) {
        return .failure(.failed(.bisectFailsAtStart(reason: reason)))
      }
      guard entries.count > 1, !holdsAfter(entries.count - 1) else {
        return .failure(.failed(.bisectHoldsAtCurrent(entry: current)))
      }
      var good = 0
      var bad = entries.count - 1
      while bad - good > 1 {
        let middle = good + (bad - good) / 2
        if holdsAfter(middle) { good = middle } else { bad = middle }
      }
      guard let entry = try? history.entry(entries[bad]) else {
        return .failure(.failed(.bisectEntryGone(entry: entries[bad])))
      }
      return .success(Bisection(entry: entries[bad], step: entry.action, computed: computed))
    }
    return try result.get()
  }

  /// Starts stepping through `action` from the app as it is now; nil when no reducer with logic
  /// of its own would run.
  func startStepping(_ action: Action) -> Debugger<App>.Stepping? {
    let before = StoreMoment(state: store.state, shared: store.sharedSnapshot)
    let replayed = traceRecorder(of: action, on: before, values: [])
    let steps = ActionTrace(replayed.recorder).steps.filter(\.node.runsOwnLogic)
    guard !steps.isEmpty else { return nil }
    return Debugger<App>.Stepping(
      action: action, before: before, steps: steps, values: replayed.values)
  }

  /// The moment after the first `count` reducers of `stepping` ran.
  func moment(after count: Int, of stepping: Debugger<App>.Stepping) -> StoreMoment<State> {
    traceRecorder(of: stepping.action, on: stepping.before, values: stepping.values, cutoff: count)
      .after
  }

  /// The error for a command that needs the store to process actions while `step` goes through
  /// one, or a breakpoint holds the effects of an earlier one.
  package func refuseWhileHolding(command: String? = nil) throws(REPLError) {
    try refuseWhileStepping(command: command)
    guard let hit = debugger.holding else { return }
    // A script line: nobody is at a prompt to continue, and a hit never changes how a script
    // ends, so what the hit holds is delivered first, as it would have been without it.
    if isRunningScriptLine {
      emitText(Notice.scriptGoesOnPastBreak(entry: hit.entry).line)
      deliverHeldWork()
      return
    }
    throw .failed(.heldByBreak(command: command, entry: hit.entry))
  }

  /// The error for a command (named `command` in it) that changes the app while `step` goes
  /// through an action.
  package func refuseWhileStepping(command: String? = nil) throws(REPLError) {
    guard let stepping = debugger.stepping else { return }
    throw .failed(.stepping(command: command, action: ActionText<App>.line(stepping.action)))
  }

  /// Waits again for the work a breakpoint interrupted, after `continue` released it.
  /// Lets what a breakpoint hit holds run on (`continue`, or a script line that needs the
  /// store) and waits for it as the interrupted command would have.
  func deliverHeldWork() {
    debugger.release()
    resumeInterruptedWait()
  }

  func resumeInterruptedWait() {
    console.beginCommand()
    defer { console.endCommand() }
    if let task = debugger.interruptedWait { waitForEffects(of: task) }
    // Work a hit held outside a send's wait (an answer `respond` gave, an `advance`) runs on
    // too, until every effect has ended or waits on the clock or the prompt.
    wait { !store.runningEffects.isEmpty && !effectsWaitOnPrompt }
  }

  /// Cancels the work a breakpoint interrupted (`abort`).
  func cancelInterruptedWait() {
    debugger.takeInterruptedWait()?.cancel()
  }

  /// What a breakpoint that hits at an entry does.
  enum Stopping {
    /// Nothing more: the command that found the entry stops itself (a forward, a recomputation).
    case reporting
    /// Holds the effects from now on.
    case holding
    /// Holds the effects and blocks the calling thread (one processing an action an effect
    /// sent) until `continue` or `abort`, so that the actions after it wait.
    case blocking
  }

  /// Prints the watch lines of an entry that went from `before` to `after`, then the breakpoint
  /// it hits, if any, and stops there as `stopping` says. Returns the hit.
  @discardableResult
  func check(
    _ entry: EntryID, step: SessionStep<Action>, before: StoreMoment<State>,
    after: StoreMoment<State>, stopping: Stopping
  ) -> Debugger<App>.Hit? {
    debugger.check(entry, step: step, before: before, after: after).flatMap {
      report($0, stopping: stopping)
    }
  }

  /// Prints what checking an entry found — a watch line for each path it changed, then the
  /// breakpoint it hits — and stops there as `stopping` says. Returns the hit.
  @discardableResult
  func report(_ finding: Debugger<App>.Finding, stopping: Stopping) -> Debugger<App>.Hit? {
    for hit in finding.watches {
      emit(
        Transcript<App>.watchHit(hit, entry: finding.entry, step: finding.step, naming: sharedName))
    }
    guard let breakpoint = finding.breakpoint else { return nil }
    let hit = Debugger<App>.Hit(entry: finding.entry, breakpoint: breakpoint)
    emit(Transcript<App>.breakHit(hit, step: finding.step, naming: sharedName))
    switch stopping {
    case .reporting: debugger.noteHit(hit)
    case .holding: debugger.stop(at: hit, blocking: false)
    case .blocking: debugger.stop(at: hit, blocking: true)
    }
    return hit
  }
}
