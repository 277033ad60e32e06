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
  var clockMode: ClockMode
  /// The values a script set with `dep uuid next` / `dep date next`, and the generators' modes.
  let generators: SessionGenerators
  /// What the session's dependencies are, by name, for `deps` and `record`.
  let describedDependencies: LockedValue<[String: String]>
  /// The commands a history begun in this process starts with (`dep uuid random`, `clock
  /// manual`, …): how the session's dependencies and clock differed from a script's at the
  /// start. `record` writes them first and `export` keeps them, after entry 0.
  let startingCommands: [ScriptCommand.Command]

  /// The history and what is kept beside it, changed together under one lock (a send, a
  /// move, an import).
  struct Kept {
    var history: History<StoreMoment<State>, SessionStep<Action>>
    /// The page's entries worked out as they are recorded, when `settings.recordsPage`.
    var pageRecording: PageRecording<StoreMoment<State>, SessionStep<Action>>?
    /// The commands `record` writes besides sends, each after the entry current when typed.
    var scriptCommands: [ScriptCommand] = []
    /// What `abort`, or `cancel` during a breakpoint hit, cancelled while the hit held it, each
    /// after the entry current then: a replay, which holds no work, lets those effects run, so
    /// `record` says so.
    var heldCancellations: [(after: EntryID, note: String)] = []
    /// Where the history began, which says where the commands it began under are.
    var origin = HistoryOrigin.thisProcess
  }

  /// Where a history began.
  enum HistoryOrigin {
    /// In this process, under `startingCommands`.
    case thisProcess
    /// In a session file, under the commands it keeps after entry 0.
    case sessionFile
    /// In a session file that keeps no dep, clock, respond or cancel commands (an older dex's).
    case sessionFileWithoutCommands
  }

  let kept: LockedValue<Kept>
  /// The session's numbers of the store's effect tasks (`e1`, `e2`…), given in the order
  /// `effects` and `cancel` first see them running; see `DexSession+Effects`.
  var effectNumbers = EffectNumbering()
  /// The warnings not printed yet, and whether one was shown (a generated test then silences
  /// warnings, as the session did).
  let warnings = LockedValue((pending: [String](), shown: false))
  let output: TextOutput
  /// Where what the session prints goes.
  package let console: Console
  /// What shared values are called (an unnamed one by its owner's path).
  let naming = SharedNaming()
  /// The load and save errors of shared values as last shown, for the entries to say when one
  /// appears or clears.
  let statusWatch: SharedStatusWatch
  /// The one-line sign of life shown on a terminal while effects run.
  let spinner: Spinner?
  /// Whether Ctrl-D ended the input while a command waited for effects.
  let inputEnded = LockedValue(false)
  /// Whether the command running came from a script line (not typed at a prompt); set by the
  /// REPL around each command (commands only: one thread).
  package var isRunningScriptLine = false

  /// Watches, breakpoints, hidden actions, the hold a breakpoint puts on effects, stepping.
  let debugger = Debugger<App>()
  /// The app's reducer with every reducer of its tree reporting to a tracer, for `trace`,
  /// `step`, `bisect` and `send --trace` (built once; other sends never use it).
  let tracedReduce: UncheckedSendable<ReduceFunction<State, Action>>

  /// Whether the input ended while a command waited (the REPL then stops reading).
  var hasInputEnded: Bool { inputEnded.withLock { $0 } }

  /// What the session's dependencies are, by name.
  var dependencyDescriptions: [String: String] { describedDependencies.withLock { $0 } }

  package init(settings: SessionSettings, output: TextOutput, asynchronousOutput: AsynchronousOutput?) {
    self.settings = settings
    self.output = output
    let spinner = settings.isInteractive && isatty(STDOUT_FILENO) == 1 ? Spinner() : nil
    self.spinner = spinner
    self.console = Console(
      settings: settings, output: output, asynchronousOutput: asynchronousOutput, spinner: spinner)
    self.clockMode = settings.clock
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
    self.kept = LockedValue(
      Kept(
        history: Self.history(
          startingAt: StoreMoment(state: store.state, shared: store.sharedSnapshot), store: store,
          settings: settings)))
    dependencies["uuid"] = settings.uuids.rawValue
    dependencies["date"] = settings.dates.rawValue
    describedDependencies = LockedValue(dependencies)
    startingCommands =
      App.dependencies.compactMap { dependency in
        let launched = dependency.initial(settings.appOptions).description
        return launched == dependency.initial([:]).description
          ? nil : .dependency(name: dependency.name, value: launched)
      }
      + (settings.uuids == .incrementing
        ? [] : [.dependency(name: "uuid", value: settings.uuids.rawValue)])
      + (settings.dates == .fixed ? [] : [.dependency(name: "date", value: settings.dates.rawValue)])
      + (settings.clock == .manual ? [.clock(.manual)] : [])
    warningsBox.session = self
    // The history numbers what the store processes: each action is numbered by the entry it
    // is recorded as, the number its effects are started by and their actions received from.
    store.number { [weak self] processed in self?.didProcess(processed) ?? processed.index }
    store.sharedContainer.observeExternalChanges { [weak self] changes in
      self?.recordExternal(changes)
    }
    store.sharedContainer.observeStatusChanges { [weak self] in self?.emitStatusChanges() }
  }

  /// Records a processed action as an entry and returns its number; prints it unless the
  /// send that sent it reports it (`send(_:)`).
  func didProcess(_ processed: ProcessedAction<State, Action>) -> UInt64 {
    let (entry, origin) = kept.withLock { kept -> (EntryID, EntryOrigin) in
      let origin: EntryOrigin
      switch processed.origin {
      case .sent: origin = .sent
      case let .received(from: number): origin = .received(from: EntryID(actionNumber: number))
      }
      let entry = kept.history.record(
        .action(processed.action), origin: origin, date: store.dependencies.date.now,
        moment: StoreMoment(state: processed.stateAfter, shared: processed.sharedAfter),
        recorded: processed.generated.map(RecordedValue.init))
      return (entry, origin)
    }
    if !processed.isReportedBySender { report(processed, as: entry, origin: origin) }
    return UInt64(entry.number)
  }

  /// Prints a processed action recorded as `entry` and what it changed (a hidden action only
  /// while debugging prints nothing), then checks it against watches and breakpoints; returns
  /// the action's line as the entry's header printed it (nil: hidden).
  @discardableResult
  func report(
    _ processed: ProcessedAction<State, Action>, as entry: EntryID, origin: EntryOrigin
  ) -> String? {
    let onCommandThread = console.isOnCommandThread
    var printedLine: String?
    if !debugger.isIdle, debugger.isHidden(processed.action) {
      flushWarnings()
    } else {
      let diff = named(
        momentDiff(
          processed.stateBefore, processed.stateAfter, sharedBefore: processed.sharedBefore,
          sharedAfter: processed.sharedAfter),
        in: processed.stateAfter)
      let line = ActionText<App>.line(processed.action)
      printedLine = line
      // Rendered once for the page, whose entry takes the lines the transcript prints.
      let rendered = settings.recordsPage ? Self.renderedForPage(diff) : nil
      emit(
        Transcript<App>.entry(
          entry, origin: origin, step: .action(processed.action), line: line, diff: diff,
          rendered: rendered, settings: settings, naming: sharedName))
      emitStatusChanges()
      if let rendered {
        recordForPage(
          entry, before: StoreMoment(state: processed.stateBefore, shared: processed.sharedBefore),
          after: StoreMoment(state: processed.stateAfter, shared: processed.sharedAfter), diff: diff,
          rendered: rendered, line: line)
      }
      flushWarnings()
    }
    guard debugger.checksEntries else { return printedLine }
    check(
      entry, step: .action(processed.action),
      before: StoreMoment(state: processed.stateBefore, shared: processed.sharedBefore),
      after: StoreMoment(state: processed.stateAfter, shared: processed.sharedAfter),
      stopping: onCommandThread ? .holding : .blocking)
    return printedLine
  }

  /// Records shared values one write changed outside the session as an entry of its own and
  /// prints it.
  func recordExternal(_ changes: [SharedExternalChange]) {
    record(.external(changes.sorted { $0.key < $1.key }), origin: .external)
  }

  /// Before a send from the past, which starts a branch at the cursor: each persisted value
  /// whose file holds another value than the cursor's moment (another process changed it
  /// since; that change went to the end of the branch) is recorded at the cursor first, as an
  /// external entry. The new branch's own entries then change exactly what they changed, and
  /// travelling off them never undoes the other process's change.
  func recordOutsideChangesAtCursor() {
    let changes = kept.withLock { kept -> [SharedExternalChange] in
      guard kept.history.currentEntry != kept.history.head else { return [] }
      let moment = kept.history.currentMoment.shared
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
  func record(_ step: SessionStep<Action>, origin: EntryOrigin, atCursor: Bool = false) {
    let changes = step.sharedChanges
    guard !changes.isEmpty else { return }
    typealias Recorded = (EntryID, StoreMoment<State>, StoreMoment<State>, behind: EntryID?)
    let recorded = kept.withLock { kept -> Recorded in
      let date = store.dependencies.date.now
      func applying(_ before: StoreMoment<State>) -> StoreMoment<State> {
        var shared = before.shared
        for change in changes {
          shared = shared.applyingChange(of: change.key, from: change.old, to: change.new)
        }
        return StoreMoment(state: before.state, shared: shared)
      }
      if origin == .external, !atCursor, kept.history.currentEntry != kept.history.head {
        let cursor = kept.history.currentEntry
        var moments = (before: kept.history.currentMoment, after: kept.history.currentMoment)
        let entry = kept.history.recordAtEnd(step, origin: origin, date: date) { head in
          moments = (head, applying(head))
          return moments.after
        }
        return (entry, moments.before, moments.after, cursor)
      }
      let before = kept.history.currentMoment
      let after = applying(before)
      let entry = kept.history.record(step, origin: origin, date: date, moment: after)
      return (entry, before, after, nil)
    }
    let (entry, before, after, behind) = recorded
    emit(
      Transcript<App>.entry(
        entry, origin: origin, step: step, diff: diff(from: before, to: after), settings: settings,
        naming: sharedName))
    emitStatusChanges()
    if let behind {
      emitText(Notice.staysAt(entry: behind).line)
    }
    check(entry, step: step, before: before, after: after, stopping: .holding)
  }

  /// An empty history starting at `initial`, recomputing moments with the app's reducer.
  static func history(
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

  /// Reads the history under the lock.
  func withHistory<Result>(
    _ body: (inout History<StoreMoment<State>, SessionStep<Action>>) throws -> Result
  ) rethrows -> Result {
    try kept.withLock { kept in try body(&kept.history) }
  }
}

/// Lets the warnings dependency, built before the session exists, reach it.
private final class WarningsBox<App: REPLApp>: @unchecked Sendable {
  weak var session: DexSession<App>?
}
