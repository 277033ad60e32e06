import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

/// The app's store with a recorded history: sends actions and prints what they changed, moves
/// through time, and keeps what a script needs to replay the session.
package final class DexSession<App: REPLApp>: @unchecked Sendable {
  package typealias State = App.Feature.State
  package typealias Action = App.Feature.Action

  package let store: Store<State, Action>
  let settings: SessionSettings
  /// The clock `clock manual` and `advance` drive.
  let manualClock = ManualClock()
  /// Where the calls of a manual dependency (`dep apiClient manual`) wait for `respond`.
  let pendingCalls = PendingCalls()
  private(set) var clockMode: ClockMode
  /// The values a script set with `dep uuid next` / `dep date next`, and the generators' modes.
  let generators: SessionGenerators
  /// What the session's dependencies are, by name, for `deps` and `record`.
  private(set) var dependencyDescriptions: [String: String]
  /// The dependency lines a recorded script starts with (`dep uuid random`, …): how the
  /// session's dependencies differed from a script's at the start.
  let initialDependencyLines: [String]

  private let lock = NSLock()
  private var history: History<StoreMoment<State>, SessionStep<Action>>
  /// The page's entries worked out as they are recorded, when `settings.recordsPage`, and the
  /// page description they were worked out with.
  private var pageRecording:
    (page: SessionPage<StoreMoment<State>, SessionStep<Action>>, recording: PageRecording)?
  /// Entry numbers follow store indices one to one (every processed action is recorded), so
  /// an index maps to its entry by an offset rather than a table that grows with each action.
  /// External entries, new branches and imports move the offset for the indices after them:
  /// each move is kept, from the first index it applies to, so that an earlier index still
  /// maps to its own entry.
  private var entryOffset: Int64 = 0
  private var offsetMoves: [(fromIndex: UInt64, offset: Int64)] = []
  private var lastStoreIndex: UInt64 = 0
  /// The session's numbers of the store's effect tasks (`e1`, `e2`…), given in the order
  /// `effects` and `cancel` first see them running; see `DexSession+Effects`.
  var effectNumbers = EffectNumbering()
  /// The store tasks of the effects said cancelled: one cancelled while a breakpoint hit holds
  /// it runs on until the hold ends, and is said cancelled once. Task numbers are never reused
  /// (commands only: one thread).
  var saidCancelled = Set<UInt64>()
  /// The commands `record` writes besides sends, each after the entry current when typed.
  private var scriptCommands: [ScriptCommand] = []
  /// What `abort`, or `cancel` during a breakpoint hit, cancelled while the hit held it, each
  /// after the entry current then: a replay, which holds no work, lets those effects run, so
  /// `record` says so.
  private(set) var heldCancellations: [(after: EntryID, note: String)] = []
  /// Whether the history came from `import`, whose file keeps no dep, respond or cancel commands.
  private(set) var isImported = false
  private var pendingWarnings: [String] = []
  /// Whether a warning was shown: a generated test then silences warnings, as the session did.
  private var hasWarned = false
  private let output: TextOutput
  /// Where what the session prints goes.
  package let console: Console
  /// What shared values are called (an unnamed one by its owner's path).
  private let naming = SharedNaming()
  /// The load and save errors of shared values as last shown, for the entries to say when one
  /// appears or clears.
  private let statusWatch: SharedStatusWatch
  /// The one-line sign of life shown on a terminal while effects run.
  private let spinner: Spinner?
  /// Whether Ctrl-D ended the input while a command waited for effects.
  private var inputEnded = false
  /// The entry of the last action sent from a command.
  private var lastSentEntry: EntryID?
  /// The moment before it and how its action was printed, kept only for
  /// `send(_:keepingMomentBefore:)`.
  private var lastSentMomentBefore: StoreMoment<State>?
  private var lastSentLine: String?
  private var keepsMomentBefore = false
  /// The work a breakpoint interrupted while the command waited for it (the send's effects),
  /// which `continue` waits for again.
  private(set) var interruptedWait: StoreTask?
  /// Whether the command running came from a script line (not typed at a prompt); set by the
  /// REPL around each command (commands only: one thread).
  package var isRunningScriptLine = false

  /// The action `step` is going through, until `continue`, `abort` or its last `next`
  /// (commands only: one thread).
  var stepping: Stepping?
  /// Watches, breakpoints, hidden actions and the hold a breakpoint puts on effects.
  let debugger = Debugger<App>()
  /// The app's reducer with every reducer of its tree reporting to a tracer, for `trace`,
  /// `step` and `bisect` (built once; sends never use it).
  let tracedReduce: UncheckedSendable<ReduceFunction<State, Action>>

  /// Whether the input ended while a command waited (the REPL then stops reading).
  var hasInputEnded: Bool { lock.withLock { inputEnded } }

  package init(settings: SessionSettings, output: TextOutput, asynchronousOutput: AsynchronousOutput?) {
    self.settings = settings
    self.output = output
    let spinner = settings.isInteractive && isatty(STDOUT_FILENO) == 1 ? Spinner() : nil
    self.spinner = spinner
    self.console = Console(
      settings: settings, output: output, asynchronousOutput: asynchronousOutput, spinner: spinner)
    self.clockMode = settings.clock
    self.dependencyDescriptions = [:]
    let generators = SessionGenerators(uuids: settings.uuids, dates: settings.dates)
    self.generators = generators
    let warningsBox = WarningsBox<App>()
    let manualClock = manualClock
    let pendingCalls = pendingCalls
    var dependencies = [String: String]()
    var updates: [@Sendable (inout DependencyValues) -> Void] = []
    for dependency in App.dependencies {
      let setting = dependency.initial(settings.appOptions)
      dependencies[dependency.name] = setting.description
      updates.append(setting.update)
    }
    let store = Store(initialState: App.makeInitialState(), reducer: App.makeFeature()) { values in
      for update in updates { update(&values) }
      values.clock = Self.clock(settings.clock, manual: manualClock)
      values.pendingCalls = pendingCalls
      values.uuid = generators.uuid
      values.date = generators.date
      values.stackElementID = generators.stackElementID
      values.warnings = WarningReporter(describing: { ValueText.line($0) }) {
        warningsBox.session?.warn($0)
      }
    }
    self.store = store
    self.statusWatch = SharedStatusWatch(store.sharedContainer)
    self.tracedReduce = UncheckedSendable(ReducerTracing.tracedReduceFunction(of: App.makeFeature()))
    self.history = Self.history(
      startingAt: StoreMoment(state: store.state, shared: store.sharedSnapshot), store: store,
      settings: settings)
    dependencies["uuid"] = settings.uuids.rawValue
    dependencies["date"] = settings.dates.rawValue
    dependencyDescriptions = dependencies
    initialDependencyLines =
      App.dependencies.compactMap { dependency in
        let launched = dependency.initial(settings.appOptions).description
        return launched == dependency.initial([:]).description
          ? nil : "dep \(dependency.name) \(launched)"
      }
      + (settings.uuids == .incrementing ? [] : ["dep uuid \(settings.uuids.rawValue)"])
      + (settings.dates == .fixed ? [] : ["dep date \(settings.dates.rawValue)"])
    warningsBox.session = self
    store.observe { [weak self] processed in self?.didProcess(processed) }
    store.sharedContainer.observeExternalChanges { [weak self] changes in
      self?.recordExternal(changes)
    }
    store.sharedContainer.observeStatusChanges { [weak self] in self?.emitStatusChanges() }
  }

  // MARK: - Sending

  /// Sends `action`, prints it and what it changed, then waits for its effects (and prints the
  /// actions they send) until they finish, wait on the manual clock or a breakpoint holds them;
  /// returns the entry the action was recorded as. Commands check `refuseWhileHolding()` first.
  @discardableResult
  package func send(_ action: Action) -> EntryID? {
    send(action, keepingMomentBefore: false).entry
  }

  /// Sends `action` as `send(_:)` does; with `keepingMomentBefore`, also returns the moment
  /// before its entry and its action as the entry printed it (for `send --trace`, which then
  /// needs not recompute them).
  func send(
    _ action: Action, keepingMomentBefore: Bool
  ) -> (entry: EntryID?, before: StoreMoment<State>?, line: String?) {
    beginCommand()
    defer { endCommand() }
    lock.withLock {
      lastSentEntry = nil
      lastSentMomentBefore = nil
      lastSentLine = nil
      keepsMomentBefore = keepingMomentBefore
    }
    recordOutsideChangesAtCursor()
    let task = store.send(action)
    waitForEffects(of: task)
    // A hit on an action whose work is all done holds nothing.
    if debugger.isHolding, task.isFinished { debugger.release() }
    return lock.withLock {
      defer {
        lastSentMomentBefore = nil
        lastSentLine = nil
      }
      return (lastSentEntry, lastSentMomentBefore, lastSentLine)
    }
  }

  /// The error for a command that needs the store to process actions while `step` goes through
  /// one, or a breakpoint holds the effects of an earlier one.
  package func refuseWhileHolding(command: String? = nil) throws(REPLError) {
    try refuseWhileStepping(command: command)
    guard let hit = debugger.holding else { return }
    // A script line: nobody is at a prompt to continue, and a hit never changes how a script
    // ends, so what the hit holds is delivered first, as it would have been without it.
    if isRunningScriptLine {
      emitText("break #\(hit.entry): the script goes on; the effects it held run first\n")
      deliverHeldWork()
      return
    }
    throw .failed(
      Problem(
        subject: command, "break #\(hit.entry) holds the effects that were running",
        hint: "'continue' delivers the rest, 'abort' drops it."))
  }

  /// The error for a command (named `command` in it) that changes the app while `step` goes
  /// through an action.
  package func refuseWhileStepping(command: String? = nil) throws(REPLError) {
    guard let stepping else { return }
    throw .failed(
      Problem(
        subject: command, "step is going through \(ActionText<App>.line(stepping.action))",
        hint: "'next', 'continue' or 'abort' first."))
  }

  /// Waits again for the work a breakpoint interrupted, after `continue` released it.
  /// Lets what a breakpoint hit holds run on (`continue`, or a script line that needs the
  /// store) and waits for it as the interrupted command would have.
  func deliverHeldWork() {
    debugger.release()
    resumeInterruptedWait()
  }

  private func resumeInterruptedWait() {
    beginCommand()
    defer { endCommand() }
    if let task = lock.withLock({ interruptedWait }) { waitForEffects(of: task) }
    // Work a hit held outside a send's wait (an answer `respond` gave, an `advance`) runs on
    // too, until every effect has ended or waits on the clock or the prompt.
    wait { !store.runningEffects.isEmpty && !effectsWaitOnPrompt }
  }

  /// Cancels the work a breakpoint interrupted (`abort`).
  func cancelInterruptedWait() {
    let task = lock.withLock { () -> StoreTask? in
      defer { interruptedWait = nil }
      return interruptedWait
    }
    task?.cancel()
  }

  /// Moves the manual clock forward and waits for the effects it wakes; says which sleeping
  /// effects woke (and the entries they made) and which still sleep, until when.
  func advance(by duration: Duration) {
    beginCommand()
    defer { endCommand() }
    let start = manualClock.now
    let target = start.advanced(by: duration)
    let waking = manualClock.deadlines.filter { $0 <= target }.count
    let firstEntry = withHistory { $0.count }
    let done = Condition()
    let finished = Flag()
    Task.detached { [manualClock] in
      await manualClock.advance(by: duration)
      finished.set()
      done.signalAll()
    }
    while !TerminalSignals.terminationRequested, !debugger.isHolding,
      !done.wait(until: { finished.isSet }, timeout: .milliseconds(20))
    {
      if TerminalSignals.consumeInterrupt() {
        emitText("(stopped waiting; effects keep running)\n")
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

  private func waitForEffects(of task: StoreTask) {
    let started = ContinuousClock.now
    defer { spinner?.clear(writingTo: output) }
    var ended = false
    lock.withLock { interruptedWait = nil }
    let settled = task.waitUntilSettled(
      {
        if debugger.isHolding {
          lock.withLock { interruptedWait = task }
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
      emitText("(stopped waiting: end of input)\n")
      lock.withLock { inputEnded = true }
    }
    flushWarnings()
  }

  // MARK: - Recording and printing

  private func didProcess(_ processed: ProcessedAction<State, Action>) {
    let onCommandThread = isOnCommandThread
    let (entry, origin, keepsLine) = lock.withLock { () -> (EntryID, EntryOrigin, Bool) in
      let origin: EntryOrigin
      switch processed.origin {
      case .sent: origin = .sent
      case let .received(from: index): origin = .received(from: lockedEntry(forStoreIndex: index))
      }
      let entry = history.record(
        .action(processed.action), origin: origin, date: store.dependencies.date.now,
        moment: StoreMoment(state: processed.stateAfter, shared: processed.sharedAfter),
        recorded: processed.generated.map(RecordedValue.init))
      lastStoreIndex = processed.index
      moveEntryOffset(to: Int64(entry.number) - Int64(processed.index), from: processed.index)
      var keepsLine = false
      if origin == .sent, lastSentEntry == nil, onCommandThread {
        lastSentEntry = entry
        if keepsMomentBefore {
          lastSentMomentBefore = StoreMoment(state: processed.stateBefore, shared: processed.sharedBefore)
          keepsLine = true
        }
      }
      return (entry, origin, keepsLine)
    }
    if !debugger.isIdle, debugger.isHidden(processed.action) {
      flushWarnings()
    } else {
      let diff = named(
        momentDiff(
          processed.stateBefore, processed.stateAfter, sharedBefore: processed.sharedBefore,
          sharedAfter: processed.sharedAfter),
        in: processed.stateAfter)
      let line = ActionText<App>.line(processed.action)
      emit(
        Transcript<App>.entry(
          entry, origin: origin, step: .action(processed.action), line: line, diff: diff,
          settings: settings, naming: sharedName))
      emitStatusChanges()
      if keepsLine { lock.withLock { lastSentLine = line } }
      if settings.recordsPage {
        recordForPage(
          entry, before: StoreMoment(state: processed.stateBefore, shared: processed.sharedBefore),
          after: StoreMoment(state: processed.stateAfter, shared: processed.sharedAfter), diff: diff)
      }
      flushWarnings()
    }
    check(
      entry, step: .action(processed.action),
      before: StoreMoment(state: processed.stateBefore, shared: processed.sharedBefore),
      after: StoreMoment(state: processed.stateAfter, shared: processed.sharedAfter),
      stopping: onCommandThread ? .holding : .blocking)
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

  /// Whether the calling thread is the one running a command.
  private var isOnCommandThread: Bool { console.isOnCommandThread }

  /// Records shared values one write changed outside the session as an entry of its own and
  /// prints it.
  private func recordExternal(_ changes: [SharedExternalChange]) {
    record(.external(changes.sorted { $0.key < $1.key }), origin: .external)
  }

  /// Before a send from the past, which starts a branch at the cursor: each persisted value
  /// whose file holds another value than the cursor's moment (another process changed it
  /// since; that change went to the end of the branch) is recorded at the cursor first, as an
  /// external entry. The new branch's own entries then change exactly what they changed, and
  /// travelling off them never undoes the other process's change.
  private func recordOutsideChangesAtCursor() {
    let changes = lock.withLock { () -> [SharedExternalChange] in
      guard history.currentEntry != history.head else { return [] }
      let moment = history.currentMoment.shared
      let live = store.sharedContainer.snapshot()
      return live.keys.compactMap { key in
        guard store.sharedContainer.isPersisted(key), !live.holdsSameValue(of: key, as: moment),
          let old = moment.values[key], let new = live.values[key]
        else { return nil }
        return SharedExternalChange(key: key, old: old, new: new)
      }
    }
    for change in changes { record(.external([change]), origin: .external, atCursor: true) }
  }

  /// Records `step`, a change of a shared value, as an entry and prints it.
  ///
  /// Another process's change while the cursor is in the past goes at the end of the current
  /// branch, the cursor staying: the entries after the cursor stay ahead for `forward` (a new
  /// branch there would hide them, and `forward` would not bring this session's changes back).
  /// `atCursor` records it at the cursor all the same (see `recordOutsideChangesAtCursor`).
  private func record(_ step: SessionStep<Action>, origin: EntryOrigin, atCursor: Bool = false) {
    let changes = step.sharedChanges
    guard !changes.isEmpty else { return }
    typealias Recorded = (EntryID, StoreMoment<State>, StoreMoment<State>, behind: EntryID?)
    let recorded = lock.withLock { () -> Recorded in
      let date = store.dependencies.date.now
      func applying(_ before: StoreMoment<State>) -> StoreMoment<State> {
        var shared = before.shared
        for change in changes {
          shared = shared.applyingChange(of: change.key, from: change.old, to: change.new)
        }
        return StoreMoment(state: before.state, shared: shared)
      }
      moveEntryOffset(to: entryOffset + 1, from: lastStoreIndex + 1)
      if origin == .external, !atCursor, history.currentEntry != history.head {
        let cursor = history.currentEntry
        var moments = (before: history.currentMoment, after: history.currentMoment)
        let entry = history.recordAtEnd(step, origin: origin, date: date) { head in
          moments = (head, applying(head))
          return moments.after
        }
        return (entry, moments.before, moments.after, cursor)
      }
      let before = history.currentMoment
      let after = applying(before)
      let entry = history.record(step, origin: origin, date: date, moment: after)
      return (entry, before, after, nil)
    }
    let (entry, before, after, behind) = recorded
    emit(
      Transcript<App>.entry(
        entry, origin: origin, step: step, diff: diff(from: before, to: after), settings: settings,
        naming: sharedName))
    emitStatusChanges()
    if let behind {
      emitText("  (at the end of the branch; the session stays at #\(behind.number))\n")
    }
    check(entry, step: step, before: before, after: after, stopping: .holding)
  }

  /// What changed from `before` to `after`, shared values called by their names.
  /// Works out the page's entry for `entry` from the diff just printed (see `PageRecording`).
  private func recordForPage(
    _ entry: EntryID, before: StoreMoment<State>, after: StoreMoment<State>, diff: MomentDiff
  ) {
    let page = lock.withLock { pageRecording?.page } ?? pageDescription(failures: [])
    lock.withLock {
      var recording = pageRecording?.recording ?? PageRecording(history: history, page: page)
      pageRecording = nil
      recording.record(
        entry, in: history, before: before, after: after, sections: diff.sections, page: page)
      pageRecording = (page, recording)
    }
  }

  /// `body` with the history and the page entries recorded so far, under the session's lock.
  func withRecordedPage<Result>(
    _ body: (History<StoreMoment<State>, SessionStep<Action>>, PageRecording?) -> Result
  ) -> Result {
    lock.withLock { body(history, pageRecording?.recording) }
  }

  func diff(from before: StoreMoment<State>, to after: StoreMoment<State>) -> MomentDiff {
    named(
      momentDiff(before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared),
      in: after.state)
  }

  /// `diff` with its unnamed shared values called by their owners' paths in `state`.
  private func named(_ diff: MomentDiff, in state: State) -> MomentDiff {
    let unnamed = diff.unnamedKeys
    return unnamed.isEmpty ? diff : diff.named(naming.names(of: unnamed, in: state))
  }

  /// What `key`'s value is called: `todos.json`, `appStorage:pageSize`, `settings.owner`.
  func sharedName(of key: SharedKeyID) -> String {
    naming.name(of: key, in: store.state)
  }

  /// The key of the shared value called `name` (see `SharedNaming.key(named:among:in:)`).
  func sharedKey(named name: String) -> SharedKeyID? {
    naming.key(named: name, among: store.sharedContainer.keys, in: store.state)
  }

  /// What `restore NAME` did.
  enum RestoreOutcome: Equatable {
    /// The value lives in memory only here: there is no file to write.
    case notPersisted
    /// The file already holds the session's value.
    case alreadyStored
    /// The file's value was recorded as an external entry, then the session's value written as
    /// an entry of the session's own.
    case restored
  }

  /// Writes the session's value of `key` (what memory holds: an imported session's) to its
  /// file as this session's own change, which time travel undoes: first what the file holds
  /// is recorded as an external entry, then the change back to the session's value as an entry
  /// of its own, made on the file as any change of the session is.
  func restoreShared(_ key: SharedKeyID) throws -> RestoreOutcome {
    let container = store.sharedContainer
    container.flush()
    guard container.isPersisted(key), let stored = try container.storedValue(of: key),
      let value = container.snapshot()[key]
    else { return .notPersisted }
    let now = container.snapshot()
    let asStored = now.replacingValue(of: key, with: stored)
    guard asStored != now else { return .alreadyStored }
    _ = container.hold(asStored)
    recordExternal([SharedExternalChange(key: key, old: value, new: stored)])
    try container.travel(making: [(old: asStored, new: now)], to: now)
    record(.restore(SharedExternalChange(key: key, old: stored, new: value)), origin: .sent)
    return .restored
  }

  /// Sets a shared value from the session (`shared NAME = VALUE`): before anything is recorded
  /// it becomes the starting value; after, the change is an external entry, as if another
  /// process had written it. Returns whether it became the starting value.
  func setShared(_ key: SharedKeyID, to value: any Sendable) -> Bool {
    let container = store.sharedContainer
    let isStart = lock.withLock { () -> Bool in
      guard history.count == 0 else { return false }
      container.replaceValue(of: key, with: value)
      history = Self.history(
        startingAt: StoreMoment(state: store.state, shared: container.snapshot()), store: store,
        settings: settings)
      return true
    }
    guard !isStart else { return true }
    guard let old = container.snapshot()[key] else { return false }
    container.replaceValue(of: key, with: value)
    recordExternal([SharedExternalChange(key: key, old: old, new: value)])
    return false
  }

  /// An empty history starting at `initial`, recomputing moments with the app's reducer.
  private static func history(
    startingAt initial: StoreMoment<State>, store: Store<State, Action>,
    settings: SessionSettings
  ) -> History<StoreMoment<State>, SessionStep<Action>> {
    History(
      initial: initial, keyframeInterval: keyframeInterval, limit: settings.historyLimit,
      reduce: replayer(container: store.sharedContainer) { store.dependencies })
  }

  /// Recomputes moments for history with the app's reducer (see `StoreMoment.replayer`).
  static func replayer(
    container: SharedContainer, fresh: @escaping @Sendable () -> DependencyValues
  ) -> History<StoreMoment<State>, SessionStep<Action>>.Reduce {
    StoreMoment<State>.replayer(
      reduce: App.makeFeature().makeReduceFunction(), container: container, fresh: fresh)
  }

  /// How many entries apart moments are stored: a jump replays fewer than this many actions,
  /// and a long session keeps few copies of large shared values (B4 measures the memory).
  package static var keyframeInterval: Int { 128 }

  /// The entry a store index was recorded as.
  func recordedEntry(forStoreIndex index: UInt64) -> EntryID {
    lock.withLock { lockedEntry(forStoreIndex: index) }
  }

  /// `recordedEntry(forStoreIndex:)` under the lock.
  private func lockedEntry(forStoreIndex index: UInt64) -> EntryID {
    let offset = offsetMoves.last { $0.fromIndex <= index }?.offset ?? 0
    let number = Int64(index) + offset
    return number > 0 ? EntryID(Int(number)) : .initial
  }

  /// Maps the store's indices from `index` on by `offset` (under the lock).
  private func moveEntryOffset(to offset: Int64, from index: UInt64) {
    guard offset != entryOffset else { return }
    entryOffset = offset
    offsetMoves.removeAll { $0.fromIndex >= index }
    offsetMoves.append((index, offset))
  }

  fileprivate func warn(_ message: String) {
    lock.withLock {
      pendingWarnings.append(message)
      hasWarned = true
    }
  }

  /// Whether the session has shown a warning.
  var hasShownWarnings: Bool { lock.withLock { hasWarned } }

  func flushWarnings() {
    let warnings = lock.withLock { () -> [String] in
      defer { pendingWarnings.removeAll() }
      return pendingWarnings
    }
    for warning in warnings {
      emit(Transcript<App>.warning(warning, settings: settings))
    }
  }

  /// Runs long work of a command (`gentest`) showing the spinner, `doing` what it says; `body`
  /// asks its argument often whether to stop, true once Ctrl-C was pressed.
  func withProgress<Result>(
    _ doing: String, _ body: (_ isInterrupted: @escaping () -> Bool) throws -> Result
  ) rethrows -> Result {
    let started = ContinuousClock.now
    let spinner = spinner
    let output = output
    defer { spinner?.clear(writingTo: output) }
    var drawn = started
    return try body {
      let now = ContinuousClock.now
      if now - drawn >= .milliseconds(100) {
        drawn = now
        spinner?.tick(elapsed: now - started, writingTo: output, doing: doing, stopping: "stops")
      }
      return TerminalSignals.consumeInterrupt() || TerminalSignals.terminationRequested
    }
  }

  /// Writes an item of the transcript through the console (see `Console.emit`).
  package func emit(_ item: OutputItem) {
    console.emit(item)
  }

  /// Writes plain text a command prints (`{"type":"output"}` with `--json`).
  func emitText(_ text: String) {
    emit(Console.output(text))
  }

  /// Prints the load and save errors of shared values that appeared or cleared since they were
  /// last shown: under the entry just printed, or when a load or save ends.
  private func emitStatusChanges() {
    let lines = statusWatch.changes(in: store.sharedContainer, naming: sharedName)
    guard !lines.isEmpty else { return }
    emitText(lines.map { "  \($0)\n" }.joined())
  }

  func beginCommand() {
    console.beginCommand()
  }

  func endCommand() {
    console.endCommand()
  }

  // MARK: - History

  /// Reads the history under the lock.
  func withHistory<Result>(
    _ body: (inout History<StoreMoment<State>, SessionStep<Action>>) throws -> Result
  ) rethrows -> Result {
    try lock.withLock { try body(&history) }
  }

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
      () throws(TravelError) -> Moved in
      var moved = history
      let start = history.currentEntry
      let before = history.currentMoment
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
      history = moved
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
  private func locked<Result>(_ body: () throws(TravelError) -> Result) throws(TravelError) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Replaces the history (an import) and puts the app in its current moment: shared values
  /// take the session's values in memory, and no file is written. Returns the persisted keys
  /// whose file holds another value ('restore NAME' writes the session's).
  /// `script`, read from the file's `script` member, holds the commands `record` writes besides
  /// sends; without it (an older file) `record` says that they are missing.
  func replaceHistory(
    _ newHistory: History<StoreMoment<State>, SessionStep<Action>>, script: SessionScript?
  ) -> [SharedKeyID] {
    let moment = lock.withLock { () -> StoreMoment<State> in
      history = newHistory
      moveEntryOffset(
        to: Int64(history.allEntries.last?.id.number ?? 0) - Int64(lastStoreIndex),
        from: lastStoreIndex + 1)
      scriptCommands = []
      heldCancellations = []
      isImported = script == nil
      return history.currentMoment
    }
    if generators.uuidMode == .incrementing {
      generators.setUUIDs(.incrementing, countingAfter: highestCountingUUID())
    }
    countStackElementIDsFromCursor()
    if let script {
      effectNumbers.continueNumbering(after: script.effects)
      lock.withLock {
        scriptCommands = script.commands
        heldCancellations = script.held
      }
    } else {
      effectNumbers.forgetStartingEntries()
    }
    // An import runs no effect: a replay ends the ones the imported commands left running
    // (an effect asleep on the manual clock would wake when the clock below is set).
    rememberScriptCommand(.cancelAll)
    // From here on this session's own dependencies and clock are in force, not the ones the
    // imported commands left: a replay sets them again here.
    let current = lock.withLock { dependencyDescriptions.sorted { $0.key < $1.key } }
    for (name, description) in current where name != "uuid" {
      rememberScriptCommand(.dependency(name: name, value: description))
    }
    rememberScriptCommand(.clock(clockMode))
    store.replaceState(moment.state, shared: nil)
    return store.sharedContainer.hold(moment.shared)
  }

  /// Remembers a command `record` must write (dep, clock, advance, `cancel all`), after the
  /// current entry.
  func rememberScriptCommand(_ command: ScriptCommand.Command) {
    lock.withLock {
      let head = history.currentEntry != history.head ? history.head : nil
      scriptCommands.append(ScriptCommand(after: history.currentEntry, head: head, command))
    }
  }

  /// Remembers the command naming `effect` (respond, cancel) that `command` makes of the
  /// effect's session number, after the current entry: `record` writes the name the replay
  /// gives the effect.
  func rememberScriptCommand(
    naming effect: EffectListing, _ command: (_ effectNumber: Int) -> ScriptCommand.Command
  ) {
    guard let number = effectNumbers.number(of: effect.taskID) else { return }
    lock.withLock {
      scriptCommands.append(
        ScriptCommand(after: history.currentEntry, command(number), call: effect.call?.text))
    }
  }

  /// What `record` needs besides the history, for a session file (see `SessionScript`).
  var script: SessionScript {
    let effects = effectNumbers.startingEntries
    return lock.withLock {
      SessionScript(commands: scriptCommands, effects: effects, held: heldCancellations)
    }
  }

  /// The value `deps` shows for `dep NAME WORDS…` as a session file's script keeps it, nil
  /// when no dependency is called `name` or `words` spell no value of it.
  func dependencyValue(_ name: String, _ words: [String]) -> String? {
    if let dependency = DependencyTable<App>.appDependency(named: name) {
      return try? dependency.parse(words, settings.appOptions).description
    }
    guard words.count == 1 else { return nil }
    switch name {
    case "uuid": return SessionGenerators.UUIDMode(rawValue: words[0])?.rawValue
    case "date": return SessionGenerators.DateMode(rawValue: words[0])?.rawValue
    default: return nil
    }
  }

  /// Remembers a `cancel` of each named effect running now, which a move from `entry` to
  /// `destination` is about to cancel: a replay, which makes no move, cancels them too. Each
  /// goes after the destination, or after the entry that started the effect when that is later
  /// (a move back before it): where a replay of the branch first has the effect running, so
  /// the replay of a session that stays there, or goes on from there, cancels it in its place.
  private func rememberCancellingRunningEffects(movingFrom entry: EntryID, to destination: EntryID) {
    let named = store.runningEffects.compactMap { effect in
      effectNumbers.number(of: effect.id).map { number in
        (number, start: recordedEntry(forStoreIndex: effect.actionIndex))
      }
    }
    guard !named.isEmpty else { return }
    lock.withLock {
      if debugger.holding != nil {
        let names = named.map { "e\($0.0)" }.joined(separator: " ")
        heldCancellations.append(
          (entry, "a move from #\(entry.number) cancelled \(names) held by a breakpoint, "
            + "which the replay lets run"))
        return
      }
      scriptCommands += named.map { number, start in
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
    lock.withLock {
      let entry = history.currentEntry
      heldCancellations.append(
        (
          entry,
          "'\(command)' after #\(entry.number) cancelled \(names) held by a breakpoint, "
            + "which the replay lets run"
        ))
    }
  }

  /// The commands remembered for `record`.
  var rememberedScriptCommands: [ScriptCommand] {
    lock.withLock { scriptCommands }
  }

  // MARK: - Dependencies

  /// Uses `mode` for effects started from now on.
  func setClock(_ mode: ClockMode) {
    clockMode = mode
    let manualClock = manualClock
    store.updateDependencies { $0.clock = Self.clock(mode, manual: manualClock) }
  }

  /// Overrides the app's dependency `name` with `setting` for actions processed from now on.
  func setDependency(_ name: String, _ setting: DependencyOverride.Setting) {
    store.updateDependencies { setting.update(&$0) }
    lock.withLock { dependencyDescriptions[name] = setting.description }
  }

  /// Makes UUIDs as `mode` says from now on; `incrementing` counts on after the highest
  /// counting UUID the session's reducers made, on any branch (never `…0001` again after an
  /// import or a switch back from random: a team member would be added with an id another has).
  func setUUIDs(_ mode: SessionGenerators.UUIDMode) {
    generators.setUUIDs(mode, countingAfter: mode == .incrementing ? highestCountingUUID() : 0)
    lock.withLock { dependencyDescriptions["uuid"] = mode.rawValue }
  }

  /// Counts stack element ids on after the highest the entries up to the cursor took: a branch
  /// started here numbers its pushes as a replay of it does (a popped screen's effects ended
  /// when the session moved, so no effect answers a reused id).
  private func countStackElementIDsFromCursor() {
    let next = lock.withLock { () -> Int in
      let current = history.currentEntry
      guard current != .initial else { return 0 }
      var highest = -1
      for entry in history.log {
        for case let .stackElementID(generation) in entry.recorded {
          highest = max(highest, generation)
        }
        if entry.id == current { break }
      }
      return highest + 1
    }
    generators.stackElementID.reset(to: next)
  }

  /// The highest N of a `UUID(counting: N)` recorded in the history; 0 when none.
  private func highestCountingUUID() -> UInt64 {
    lock.withLock {
      var highest: UInt64 = 0
      for entry in history.allEntries {
        for case let .uuid(uuid) in entry.recorded { highest = max(highest, uuid.countingValue ?? 0) }
      }
      return highest
    }
  }

  /// Tells the date as `mode` says from now on.
  func setDates(_ mode: SessionGenerators.DateMode) {
    generators.setDates(mode)
    lock.withLock { dependencyDescriptions["date"] = mode.rawValue }
  }


  static func clock(_ mode: ClockMode, manual: ManualClock) -> any Clock<Duration> {
    switch mode {
    case .live: ContinuousClock()
    case .immediate: ImmediateClock()
    case .manual: manual
    }
  }
}

/// Why time travel did nothing.
enum TravelError: Error, CustomStringConvertible {
  /// The history refused the move.
  case history(HistoryError)
  /// A shared value could not take the change.
  case shared(SharedTravelError)

  var description: String {
    switch self {
    case let .history(error): "\(error)"
    case let .shared(error): "\(error)"
    }
  }
}

/// Lets the warnings dependency, built before the session exists, reach it.
private final class WarningsBox<App: REPLApp>: @unchecked Sendable {
  weak var session: DexSession<App>?
}

/// A flag set once from another thread.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}
