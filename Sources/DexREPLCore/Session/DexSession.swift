import Foundation
import PokedexCore
import PokedexInspection
import StoreInspector

/// The app's store with a recorded history: sends actions and prints what they changed, moves
/// through time, and keeps what a script needs to replay the session.
package final class DexSession: @unchecked Sendable {
  package typealias Action = AppFeature.Action

  package let store: Store<AppFeature.State, Action>
  let settings: SessionSettings
  /// The clock `clock manual` and `advance` drive.
  let manualClock = ManualClock()
  private(set) var clockMode: ClockMode
  /// What the session's dependencies are, by name, for `deps` and `record`.
  private(set) var dependencyDescriptions: [String: String]

  private let lock = NSLock()
  private var history: History<AppMoment, Action>
  /// Entry numbers follow store indices one to one (every processed action is recorded), so
  /// an index maps to its entry by an offset rather than a table that grows with the session.
  private var entryOffset: Int64 = 0
  private var lastStoreIndex: UInt64 = 0
  /// The commands `record` writes besides sends, each after the entry current when typed.
  private var scriptCommands: [(after: EntryID, line: String)] = []
  private var pendingWarnings: [String] = []
  /// Whether the main thread is running a command (then output goes straight out).
  private var isRunningCommand = false
  private let output: TextOutput
  private let asynchronousOutput: AsynchronousOutput?
  /// The favorites when the session started, for the head of a recorded script.
  let initialFavorites: Set<Int>
  /// Counts UUIDs made, so an entry whose reduction made one keeps its moment (replaying it
  /// would make another UUID).
  private let uuidCalls = CallCounter()
  private var uuidCallsSeen = 0

  package init(settings: SessionSettings, output: TextOutput, asynchronousOutput: AsynchronousOutput?) {
    self.settings = settings
    self.output = output
    self.asynchronousOutput = asynchronousOutput
    self.clockMode = settings.clock
    self.dependencyDescriptions = [:]
    let warningsBox = WarningsBox()
    let manualClock = manualClock
    let uuidCalls = uuidCalls
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: { values in
      values.pokemonClient = Self.client(for: settings.source)
      values.clock = Self.clock(settings.clock, manual: manualClock)
      values.uuid = uuidCalls.counting(settings.isDeterministic ? .incrementing : .random)
      values.date = settings.isDeterministic ? .constant(SessionSettings.fixedDate) : .system
      values.warnings = WarningReporter { warningsBox.session?.warn($0) }
    }
    self.store = store
    let initial = AppMoment(state: store.state, shared: store.sharedSnapshot)
    self.initialFavorites = store.state.favorites.favorites
    self.history = History(
      initial: initial, keyframeInterval: Self.keyframeInterval, limit: settings.historyLimit,
      reduce: AppMoment.replayer())
    dependencyDescriptions = [
      "pokemonClient": Self.describe(settings.source),
      "uuid": settings.isDeterministic ? "incrementing" : "random",
      "date": settings.isDeterministic ? "fixed" : "system",
    ]
    warningsBox.session = self
    store.observe { [weak self] processed in self?.didProcess(processed) }
  }

  // MARK: - Sending

  /// Sends `action`, prints it and what it changed, then waits for its effects (and prints the
  /// actions they send) until they finish or wait on the manual clock.
  package func send(_ action: Action) {
    beginCommand()
    defer { endCommand() }
    let task = store.send(action)
    waitForEffects(of: task)
  }

  /// Moves the manual clock forward and waits for the effects it wakes.
  func advance(by duration: Duration) {
    beginCommand()
    defer { endCommand() }
    let done = Semaphore()
    let finished = Flag()
    Task.detached { [manualClock] in
      await manualClock.advance(by: duration)
      finished.set()
      done.signal()
    }
    while !finished.isSet {
      if TerminalSignals.consumeInterrupt() {
        emit("(stopped waiting; effects keep running)\n")
        return
      }
      done.wait(timeout: .milliseconds(20))
    }
    flushWarnings()
  }

  private func waitForEffects(of task: StoreTask) {
    let settled = task.waitUntilSettled(
      { clockMode == .manual && manualClock.isQuiescent },
      interrupted: TerminalSignals.consumeInterrupt)
    if !settled {
      emit("(stopped waiting; effects keep running and print when they send)\n")
    }
    flushWarnings()
  }

  // MARK: - Recording and printing

  private func didProcess(_ processed: ProcessedAction<AppFeature.State, Action>) {
    let (entry, origin) = lock.withLock { () -> (EntryID, EntryOrigin) in
      let origin: EntryOrigin
      switch processed.origin {
      case .sent: origin = .sent
      case let .received(from: index): origin = .received(from: recordedEntry(forStoreIndex: index))
      }
      let calls = uuidCalls.count
      defer { uuidCallsSeen = calls }
      let entry = history.record(
        processed.action, origin: origin, date: store.dependencies.date.now,
        moment: AppMoment(state: processed.stateAfter, shared: processed.sharedAfter),
        keepsMoment: calls != uuidCallsSeen)
      lastStoreIndex = processed.index
      entryOffset = Int64(entry.number) - Int64(processed.index)
      return (entry, origin)
    }
    let diff = momentDiff(
      processed.stateBefore, processed.stateAfter, sharedBefore: processed.sharedBefore,
      sharedAfter: processed.sharedAfter)
    emit(render(entry: entry, origin: origin, action: processed.action, diff: diff))
    flushWarnings()
  }

  /// How many entries apart moments are stored: a jump replays fewer than this many actions,
  /// and a long session keeps few copies of large shared values (B4 measures the memory).
  package static let keyframeInterval = 128

  /// The entry a store index was recorded as.
  private func recordedEntry(forStoreIndex index: UInt64) -> EntryID {
    let number = Int64(index) + entryOffset
    return number > 0 ? EntryID(Int(number)) : .initial
  }

  /// An entry as the transcript shows it: a header line, then its diff.
  func render(entry: EntryID, origin: EntryOrigin, action: Action, diff: MomentDiff) -> String {
    if settings.printsJSON {
      return TranscriptJSON.line(entry: entry, origin: origin, action: ActionText.line(action), diff: diff)
    }
    let header = settings.style.header("#\(entry) \(Self.describe(origin)) \(ActionText.line(action))")
    return header + "\n" + settings.style.diff(Self.transcriptText(of: diff, entry: entry)) + "\n"
  }

  /// An entry's diff as a transcript shows it: long collections shortened, and a pointer to
  /// `diff N` when they were (dex-bench measures this rendering too).
  package static func transcriptText(of diff: MomentDiff, entry: EntryID) -> String {
    var text = diff.text(maxItems: transcriptItems)
    if diff.hasLongCollections(moreThan: transcriptItems) {
      text += "\n  (long collections shortened: 'diff \(entry)' shows everything)"
    }
    return text
  }

  /// How many elements of a long collection a transcript shows.
  static let transcriptItems = 3

  fileprivate func warn(_ message: String) {
    lock.withLock { pendingWarnings.append(message) }
  }

  private func flushWarnings() {
    let warnings = lock.withLock { () -> [String] in
      defer { pendingWarnings.removeAll() }
      return pendingWarnings
    }
    for warning in warnings {
      emit(settings.style.warning("warning: \(warning)") + "\n")
    }
  }

  /// Writes transcript text: straight out while a command runs, else above the line being typed.
  func emit(_ text: String) {
    let direct = lock.withLock { isRunningCommand } || asynchronousOutput == nil
    if direct {
      output.write(text)
    } else {
      asynchronousOutput?.post(text)
    }
  }

  private func beginCommand() {
    lock.withLock { isRunningCommand = true }
  }

  private func endCommand() {
    lock.withLock { isRunningCommand = false }
  }

  /// Runs `body` as a command: output goes straight out.
  func command<Result>(_ body: () throws -> Result) rethrows -> Result {
    beginCommand()
    defer { endCommand() }
    return try body()
  }

  // MARK: - History

  /// Reads the history under the lock.
  func withHistory<Result>(_ body: (inout History<AppMoment, Action>) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&history) }
  }

  /// Moves through history with `move`, then puts the app in the moment the cursor is at:
  /// running effects are cancelled and shared values (favorites on disk) restored.
  func travel(_ move: (inout History<AppMoment, Action>) throws(HistoryError) -> Void) throws(HistoryError) {
    lock.lock()
    let moment: AppMoment
    do {
      try move(&history)
      moment = history.currentMoment
      lock.unlock()
    } catch {
      lock.unlock()
      throw error
    }
    store.replaceState(moment.state, shared: moment.shared)
  }

  /// Replaces the history (an import) and puts the app in its current moment.
  func replaceHistory(_ newHistory: History<AppMoment, Action>) {
    let moment = lock.withLock { () -> AppMoment in
      history = newHistory
      entryOffset = Int64(history.allEntries.last?.id.number ?? 0) - Int64(lastStoreIndex)
      scriptCommands = []
      return history.currentMoment
    }
    store.replaceState(moment.state, shared: moment.shared)
  }

  /// Remembers a command `record` must write (dep, clock, advance), after the current entry.
  func rememberScriptCommand(_ line: String) {
    lock.withLock { scriptCommands.append((history.currentEntry, line)) }
  }

  /// The commands remembered for `record`.
  var rememberedScriptCommands: [(after: EntryID, line: String)] {
    lock.withLock { scriptCommands }
  }

  // MARK: - Dependencies

  /// Uses `mode` for effects started from now on.
  func setClock(_ mode: ClockMode) {
    clockMode = mode
    let manualClock = manualClock
    store.updateDependencies { $0.clock = Self.clock(mode, manual: manualClock) }
  }

  /// Overrides the Pokémon client for actions processed from now on.
  func setSource(_ source: LaunchOptions.Source?, failing: Bool = false) {
    if failing {
      store.updateDependencies {
        $0.pokemonClient = .failing(
          DexError(kind: .network, message: "The Pokémon client is set to fail (dep pokemonClient failing)."))
      }
      lock.withLock { dependencyDescriptions["pokemonClient"] = "failing" }
    } else if let source {
      store.updateDependencies { $0.pokemonClient = Self.client(for: source) }
      lock.withLock { dependencyDescriptions["pokemonClient"] = Self.describe(source) }
    }
  }

  /// Overrides the UUID generator.
  func setUUIDs(incrementing: Bool) {
    let uuidCalls = uuidCalls
    store.updateDependencies { $0.uuid = uuidCalls.counting(incrementing ? .incrementing : .random) }
    lock.withLock { dependencyDescriptions["uuid"] = incrementing ? "incrementing" : "random" }
  }

  /// Overrides the date.
  func setDate(fixed: Bool) {
    store.updateDependencies {
      $0.date = fixed ? .constant(SessionSettings.fixedDate) : .system
    }
    lock.withLock { dependencyDescriptions["date"] = fixed ? "fixed" : "system" }
  }

  /// `sent` or `received from #N`.
  static func describe(_ origin: EntryOrigin) -> String {
    switch origin {
    case .sent: "sent"
    case let .received(from): "received from #\(from)"
    }
  }

  static func client(for source: LaunchOptions.Source) -> PokemonClient {
    switch source {
    case .bundled: .bundled()
    case let .pokeAPI(url): .pokeAPI(baseURL: url)
    }
  }

  static func describe(_ source: LaunchOptions.Source) -> String {
    switch source {
    case .bundled: "bundled"
    case let .pokeAPI(url): "pokeapi=\(url.absoluteString)"
    }
  }

  static func clock(_ mode: ClockMode, manual: ManualClock) -> any Clock<Duration> {
    switch mode {
    case .live: ContinuousClock()
    case .immediate: ImmediateClock()
    case .manual: manual
    }
  }
}

/// Counts calls made through the generators it wraps.
final class CallCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var calls = 0

  var count: Int { lock.withLock { calls } }

  /// `generator`, counting every UUID it makes.
  func counting(_ generator: UUIDGenerator) -> UUIDGenerator {
    UUIDGenerator { [self] in
      lock.withLock { calls += 1 }
      return generator()
    }
  }
}

/// Lets the warnings dependency, built before the session exists, reach it.
private final class WarningsBox: @unchecked Sendable {
  weak var session: DexSession?
}

/// A flag set once from another thread.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}

/// A thread blocks on `wait(timeout:)` until another calls `signal()`.
final class Semaphore: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)

  func signal() { semaphore.signal() }

  func wait(timeout: Duration) {
    let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000
      + Int(timeout.components.attoseconds / 1_000_000_000)
    _ = semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds))
  }
}
