import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector
import Synchronization

/// The session's debugger: what the debugging commands keep — watched paths, breakpoints,
/// hidden actions — the hold a breakpoint that hit puts on the effects, the work that hit
/// interrupted, the move it stopped, the action `step` goes through, the effects said
/// cancelled while held, and the prompt `--debug` opens after a script's failure or hit. Read
/// on every thread that processes an action, hence the lock; what every line asks (is anything
/// watched, does a hit hold the effects, is `step` going through an action) is answered from
/// `presence` without it.
final class Debugger<App: REPLApp>: @unchecked Sendable {
  typealias State = App.Feature.State
  typealias Action = App.Feature.Action
  typealias Moment = StoreMoment<State>

  /// A watched path (`watch PATH`).
  struct Watch {
    let path: StatePath
    /// The path as typed.
    let text: String
  }

  /// What a watched path held before and after an entry that changed it (nil: no value, the
  /// path did not resolve).
  struct WatchHit {
    let watch: Watch
    let old: Any?
    let new: Any?
  }

  /// A breakpoint: `break when EXPECTATION` or `break on ACTION-PATTERN`.
  struct Breakpoint {
    enum Condition {
      /// Hits at the entry after which the expectation starts to hold.
      case when(Expectation)
      /// Hits at every entry whose action matches.
      case on(ActionPattern<Action>)
    }

    /// Its number in `breaks` (from 1, never reused).
    let number: Int
    let condition: Condition

    /// `when list.canLoadMore == false`, `on .items(.loaded)`.
    var text: String {
      switch condition {
      case let .when(expectation): "when \(expectation.text)"
      case let .on(pattern): "on \(pattern)"
      }
    }
  }

  /// A breakpoint that hit, at an entry.
  struct Hit {
    let entry: EntryID
    let breakpoint: Breakpoint

    /// How an effect it holds is said to wait: `held by break #2`.
    var heldText: String { "held by break #\(entry)" }
  }

  /// What checking an entry found: the watched paths it changed and the breakpoint it hits.
  struct Finding {
    let entry: EntryID
    let step: SessionStep<Action>
    let watches: [WatchHit]
    let breakpoint: Breakpoint?

    /// The same finding with its breakpoint left out.
    var withoutBreakpoint: Finding {
      Finding(entry: entry, step: step, watches: watches, breakpoint: nil)
    }
  }

  /// A move through history a breakpoint stopped (forward, or the way back to where skip,
  /// unskip or import left the cursor): `continue` goes on to `target`.
  struct Move {
    let stoppedAt: EntryID
    let target: EntryID
  }

  /// What the debugger keeps, behind its lock.
  private struct Kept {
    var watchList: [Watch] = []
    var breakpointList: [Breakpoint] = []
    var lastBreakpointNumber = 0
    var hiddenList: [ActionPattern<Action>] = []
    /// The hit holding the effects, until `release()`.
    var holdingHit: Hit?
    /// Hits the REPL has not acted on yet.
    var newHits: [Hit] = []
    var stoppedMove: Move?
    /// The work a breakpoint interrupted while a command waited for it (a send's effects),
    /// which `continue` waits for again.
    var interruptedWork: StoreTask?
    var steppingThrough: Stepping?
    /// The store tasks of the effects said cancelled: one cancelled while a breakpoint hit
    /// holds it runs on until the hold ends, and is said cancelled once. Task numbers are never
    /// reused.
    var saidCancelled = Set<UInt64>()

    /// Which parts hold something now.
    var presence: DebuggerPresence {
      var presence: DebuggerPresence = []
      if !watchList.isEmpty { presence.insert(.watches) }
      if !breakpointList.isEmpty { presence.insert(.breakpoints) }
      if !hiddenList.isEmpty { presence.insert(.hidden) }
      if holdingHit != nil { presence.insert(.holding) }
      if !newHits.isEmpty { presence.insert(.newHits) }
      if stoppedMove != nil { presence.insert(.stoppedMove) }
      if interruptedWork != nil { presence.insert(.interruptedWork) }
      if steppingThrough != nil { presence.insert(.stepping) }
      return presence
    }
  }

  private let kept = LockedValue(Kept())
  private let presenceBits = Atomic<UInt8>(0)

  /// Which parts of what the debugger keeps hold something, as the latest change left them.
  var presence: DebuggerPresence {
    DebuggerPresence(rawValue: presenceBits.load(ordering: .acquiring))
  }

  /// Changes what the debugger keeps, then stores its `presence`.
  private func change<Result>(_ body: (inout Kept) -> Result) -> Result {
    kept.withLock { kept in
      let result = body(&kept)
      presenceBits.store(kept.presence.rawValue, ordering: .releasing)
      return result
    }
  }

  private let released = Condition()

  /// Where the effects run once a breakpoint exists: held while a hit holds them.
  let executor = HoldingExecutor()

  /// With `--debug`: the interactive prompt a script opens at its first failing line or a
  /// breakpoint hit; it returns how it ended (`.resumed` by `continue`). Set before a script
  /// runs; read on the thread that runs commands only, as `isInPostMortem`.
  var postMortemPrompt: (() -> REPL<App>.RunEnd)?
  /// Whether the prompt `--debug` opened is running.
  private(set) var isInPostMortem = false

  /// Whether nothing is watched, hidden or a breakpoint: entries need no checking.
  var isIdle: Bool { presence.isDisjoint(with: [.watches, .breakpoints, .hidden]) }

  /// Whether a path is watched or a breakpoint set: what `check` looks for.
  var checksEntries: Bool { !presence.isDisjoint(with: [.watches, .breakpoints]) }

  var watches: [Watch] { kept.withLock { kept in kept.watchList } }
  var breakpoints: [Breakpoint] { kept.withLock { kept in kept.breakpointList } }
  var hidden: [ActionPattern<Action>] { kept.withLock { kept in kept.hiddenList } }

  /// Watches `path`; false when it is already watched.
  func watch(_ path: StatePath, text: String) -> Bool {
    change { kept in
      guard !kept.watchList.contains(where: { $0.path == path }) else { return false }
      kept.watchList.append(Watch(path: path, text: text))
      return true
    }
  }

  /// Stops watching `path` (nil: every path); returns the watches removed.
  func unwatch(_ path: StatePath?) -> [Watch] {
    change { kept in
      let removed = kept.watchList.filter { path == nil || $0.path == path }
      kept.watchList.removeAll { path == nil || $0.path == path }
      return removed
    }
  }

  /// Adds a breakpoint and returns it.
  func addBreakpoint(_ condition: Breakpoint.Condition) -> Breakpoint {
    change { kept in
      kept.lastBreakpointNumber += 1
      let breakpoint = Breakpoint(number: kept.lastBreakpointNumber, condition: condition)
      kept.breakpointList.append(breakpoint)
      return breakpoint
    }
  }

  /// Removes breakpoint `number`; nil when there is none.
  func deleteBreakpoint(_ number: Int) -> Breakpoint? {
    change { kept in
      guard let index = kept.breakpointList.firstIndex(where: { $0.number == number }) else {
        return nil
      }
      return kept.breakpointList.remove(at: index)
    }
  }

  /// Stops printing entries whose action matches `pattern`.
  /// Hides the entries `pattern` matches; false when it is hidden already.
  func hide(_ pattern: ActionPattern<Action>) -> Bool {
    change { kept in
      guard !kept.hiddenList.contains(where: { $0.description == pattern.description }) else {
        return false
      }
      kept.hiddenList.append(pattern)
      return true
    }
  }

  /// Prints matching entries again (every pattern when nil); returns the patterns removed.
  func unhide(_ text: String?) -> [ActionPattern<Action>] {
    change { kept in
      let removed = kept.hiddenList.filter { text == nil || $0.description == text }
      kept.hiddenList.removeAll { text == nil || $0.description == text }
      return removed
    }
  }

  /// Whether an entry of `action` is printed.
  func isHidden(_ action: Action) -> Bool {
    hidden.contains { $0.matches(action) }
  }

  // MARK: - Checking entries

  /// What an entry of `step` did to the watches and breakpoints, going from `before` to
  /// `after`; nil when nothing.
  func check(
    _ entry: EntryID, step: SessionStep<Action>, before: Moment, after: Moment
  ) -> Finding? {
    guard checksEntries else { return nil }
    let watches = watchHits(before: before, after: after)
    let breakpoint = breakpointHit(action: step.action, before: before, after: after)
    guard !watches.isEmpty || breakpoint != nil else { return nil }
    return Finding(entry: entry, step: step, watches: watches, breakpoint: breakpoint)
  }

  /// The watched paths an entry changed, going from `before` to `after`.
  func watchHits(before: Moment, after: Moment) -> [WatchHit] {
    watches.compactMap { watch in
      let old = Self.text(at: watch.path, in: before)
      let new = Self.text(at: watch.path, in: after)
      guard old?.text != new?.text else { return nil }
      return WatchHit(watch: watch, old: old?.value, new: new?.value)
    }
  }

  /// The first breakpoint an entry of `action` (nil: an external change) hits, going from
  /// `before` to `after`.
  func breakpointHit(action: Action?, before: Moment, after: Moment) -> Breakpoint? {
    breakpoints.first { breakpoint in
      switch breakpoint.condition {
      case let .on(pattern):
        return action.map(pattern.matches) ?? false
      case let .when(expectation):
        return Self.holds(expectation, in: after) && !Self.holds(expectation, in: before)
      }
    }
  }

  /// Whether `expectation` holds in `moment`; a path that does not resolve does not hold.
  static func holds(_ expectation: Expectation, in moment: Moment) -> Bool {
    problem(expectation, in: moment) == nil
  }

  /// Why `expectation` does not hold at `moment` (`items.starred is [], not a Bool; …`), or nil
  /// when it does.
  static func problem(_ expectation: Expectation, in moment: Moment) -> String? {
    moment.reading {
      guard let value = try? ActionPath.value(at: expectation.path, in: moment.state) else {
        return "\(expectation.pathText) has no value there"
      }
      return ExpectationCheck.problem(value, expectation).map { "\(expectation.pathText) \($0)" }
    }
  }

  /// The value at `path` and its text on one line, read inside the moment's shared values;
  /// nil when the path does not resolve.
  static func text(at path: StatePath, in moment: Moment) -> (value: Any, text: String)? {
    moment.reading {
      guard let value = try? ActionPath.value(at: path, in: moment.state) else { return nil }
      return (value, ValueText.line(value))
    }
  }

  // MARK: - Holding

  /// Whether a hit holds the effects.
  var isHolding: Bool { presence.contains(.holding) }

  /// The hit holding the effects.
  var holding: Hit? {
    guard isHolding else { return nil }
    return kept.withLock { kept in kept.holdingHit }
  }

  /// Stops at `hit`: effects are held from now on. `blocking`, on a thread processing actions
  /// for an effect, waits there until `release()`, so the actions after it wait too.
  func stop(at hit: Hit, blocking: Bool) {
    executor.hold()
    change { kept in
      kept.holdingHit = hit
      kept.newHits.append(hit)
    }
    guard blocking else { return }
    _ = released.wait(until: { !self.isHolding }, timeout: .seconds(86_400 * 365))
  }

  /// Notes `hit`, found by a command walking entries (forward, unskip), which stops itself.
  func noteHit(_ hit: Hit) {
    change { kept in kept.newHits.append(hit) }
  }

  /// The move a breakpoint stopped, until `continue`, `abort` or another move.
  var pendingMove: Move? {
    get {
      guard presence.contains(.stoppedMove) else { return nil }
      return kept.withLock { kept in kept.stoppedMove }
    }
    set {
      guard newValue != nil || presence.contains(.stoppedMove) else { return }
      change { kept in kept.stoppedMove = newValue }
    }
  }

  /// Lets the held effects run again.
  func release() {
    change { kept in kept.holdingHit = nil }
    released.signalAll()
    executor.release()
  }

  /// The work a breakpoint interrupted while a command waited for it, until the wait ends or
  /// `continue` takes it up again.
  var interruptedWait: StoreTask? {
    get {
      guard presence.contains(.interruptedWork) else { return nil }
      return kept.withLock { kept in kept.interruptedWork }
    }
    set {
      guard newValue != nil || presence.contains(.interruptedWork) else { return }
      change { kept in kept.interruptedWork = newValue }
    }
  }

  /// The interrupted work, which no wait takes up any more (`abort` cancels it).
  func takeInterruptedWait() -> StoreTask? {
    guard presence.contains(.interruptedWork) else { return nil }
    return change { kept in
      defer { kept.interruptedWork = nil }
      return kept.interruptedWork
    }
  }

  // MARK: - Stepping

  /// The action `step` is going through, until `continue`, `abort` or its last `next`.
  var stepping: Stepping? {
    get {
      guard isStepping else { return nil }
      return kept.withLock { kept in kept.steppingThrough }
    }
    set {
      guard newValue != nil || isStepping else { return }
      change { kept in kept.steppingThrough = newValue }
    }
  }

  /// Whether `step` is going through an action.
  var isStepping: Bool { presence.contains(.stepping) }

  // MARK: - Post-mortem

  /// Opens the prompt `--debug` asked for, once at a time: nil when there is none or it is
  /// open already, `.resumed` when `continue` goes on with the script, else `.quit`.
  func openPostMortem() -> REPL<App>.RunEnd? {
    guard let postMortemPrompt, !isInPostMortem else { return nil }
    isInPostMortem = true
    defer { isInPostMortem = false }
    return postMortemPrompt() == .resumed ? .resumed : .quit
  }

  // MARK: - Cancelled effects

  /// Whether the effect task `id` was said cancelled.
  func wasSaidCancelled(_ id: UInt64) -> Bool {
    kept.withLock { kept in kept.saidCancelled.contains(id) }
  }

  /// Notes that the effect task `id` is said cancelled; false when it was already.
  func sayCancelled(_ id: UInt64) -> Bool {
    kept.withLock { kept in kept.saidCancelled.insert(id).inserted }
  }

  // MARK: - New hits

  /// Whether a hit came since `takeNewHits()` last took them.
  var hasNewHits: Bool { presence.contains(.newHits) }

  /// The hits since the last call, oldest first.
  func takeNewHits() -> [Hit] {
    guard hasNewHits else { return [] }
    return change { kept in
      defer { kept.newHits = [] }
      return kept.newHits
    }
  }
}

extension Expectation {
  /// As typed: `list.canLoadMore == false`, `list.canLoadMore`.
  var text: String {
    op.map { "\(pathText) \($0.rawValue) \(expectedText)" } ?? pathText
  }
}
