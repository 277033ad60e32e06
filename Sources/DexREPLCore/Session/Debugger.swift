import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

/// The session's debugger: what the debugging commands keep — watched paths, breakpoints,
/// hidden actions — the hold a breakpoint that hit puts on the effects, the work that hit
/// interrupted, the move it stopped, the action `step` goes through, and the effects said
/// cancelled while held. Read on every thread that processes an action, hence the lock.
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

  private let lock = NSLock()
  private var watchList: [Watch] = []
  private var breakpointList: [Breakpoint] = []
  private var lastBreakpointNumber = 0
  private var hiddenList: [ActionPattern<Action>] = []
  /// The hit holding the effects, until `release()`.
  private var holdingHit: Hit?
  /// Hits the REPL has not acted on yet.
  private var newHits: [Hit] = []
  private var stoppedMove: Move?
  private let released = Condition()
  /// The work a breakpoint interrupted while a command waited for it (a send's effects), which
  /// `continue` waits for again.
  private var interruptedWork: StoreTask?
  private var steppingThrough: Stepping?
  /// The store tasks of the effects said cancelled: one cancelled while a breakpoint hit holds
  /// it runs on until the hold ends, and is said cancelled once. Task numbers are never reused.
  private var saidCancelled = Set<UInt64>()

  /// Where the effects run once a breakpoint exists: held while a hit holds them.
  let executor = HoldingExecutor()

  /// Whether nothing is watched, hidden or a breakpoint: entries need no checking.
  var isIdle: Bool {
    lock.withLock { watchList.isEmpty && breakpointList.isEmpty && hiddenList.isEmpty }
  }

  /// Whether a path is watched or a breakpoint set: what `check` looks for.
  var checksEntries: Bool {
    lock.withLock { !watchList.isEmpty || !breakpointList.isEmpty }
  }

  var watches: [Watch] { lock.withLock { watchList } }
  var breakpoints: [Breakpoint] { lock.withLock { breakpointList } }
  var hidden: [ActionPattern<Action>] { lock.withLock { hiddenList } }

  /// Watches `path`; false when it is already watched.
  func watch(_ path: StatePath, text: String) -> Bool {
    lock.withLock {
      guard !watchList.contains(where: { $0.path == path }) else { return false }
      watchList.append(Watch(path: path, text: text))
      return true
    }
  }

  /// Stops watching `path` (nil: every path); returns the watches removed.
  func unwatch(_ path: StatePath?) -> [Watch] {
    lock.withLock {
      let removed = watchList.filter { path == nil || $0.path == path }
      watchList.removeAll { path == nil || $0.path == path }
      return removed
    }
  }

  /// Adds a breakpoint and returns it.
  func addBreakpoint(_ condition: Breakpoint.Condition) -> Breakpoint {
    lock.withLock {
      lastBreakpointNumber += 1
      let breakpoint = Breakpoint(number: lastBreakpointNumber, condition: condition)
      breakpointList.append(breakpoint)
      return breakpoint
    }
  }

  /// Removes breakpoint `number`; nil when there is none.
  func deleteBreakpoint(_ number: Int) -> Breakpoint? {
    lock.withLock {
      guard let index = breakpointList.firstIndex(where: { $0.number == number }) else {
        return nil
      }
      return breakpointList.remove(at: index)
    }
  }

  /// Stops printing entries whose action matches `pattern`.
  /// Hides the entries `pattern` matches; false when it is hidden already.
  func hide(_ pattern: ActionPattern<Action>) -> Bool {
    lock.withLock {
      guard !hiddenList.contains(where: { $0.description == pattern.description }) else {
        return false
      }
      hiddenList.append(pattern)
      return true
    }
  }

  /// Prints matching entries again (every pattern when nil); returns the patterns removed.
  func unhide(_ text: String?) -> [ActionPattern<Action>] {
    lock.withLock {
      let removed = hiddenList.filter { text == nil || $0.description == text }
      hiddenList.removeAll { text == nil || $0.description == text }
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
  var isHolding: Bool { lock.withLock { holdingHit != nil } }

  /// The hit holding the effects.
  var holding: Hit? { lock.withLock { holdingHit } }

  /// Stops at `hit`: effects are held from now on. `blocking`, on a thread processing actions
  /// for an effect, waits there until `release()`, so the actions after it wait too.
  func stop(at hit: Hit, blocking: Bool) {
    executor.hold()
    lock.withLock {
      holdingHit = hit
      newHits.append(hit)
    }
    guard blocking else { return }
    _ = released.wait(until: { !self.isHolding }, timeout: .seconds(86_400 * 365))
  }

  /// Notes `hit`, found by a command walking entries (forward, unskip), which stops itself.
  func noteHit(_ hit: Hit) {
    lock.withLock { newHits.append(hit) }
  }

  /// The move a breakpoint stopped, until `continue`, `abort` or another move.
  var pendingMove: Move? {
    get { lock.withLock { stoppedMove } }
    set { lock.withLock { stoppedMove = newValue } }
  }

  /// Lets the held effects run again.
  func release() {
    lock.withLock { holdingHit = nil }
    released.signalAll()
    executor.release()
  }

  /// The work a breakpoint interrupted while a command waited for it, until the wait ends or
  /// `continue` takes it up again.
  var interruptedWait: StoreTask? {
    get { lock.withLock { interruptedWork } }
    set { lock.withLock { interruptedWork = newValue } }
  }

  /// The interrupted work, which no wait takes up any more (`abort` cancels it).
  func takeInterruptedWait() -> StoreTask? {
    lock.withLock {
      defer { interruptedWork = nil }
      return interruptedWork
    }
  }

  // MARK: - Stepping

  /// The action `step` is going through, until `continue`, `abort` or its last `next`.
  var stepping: Stepping? {
    get { lock.withLock { steppingThrough } }
    set { lock.withLock { steppingThrough = newValue } }
  }

  // MARK: - Cancelled effects

  /// Whether the effect task `id` was said cancelled.
  func wasSaidCancelled(_ id: UInt64) -> Bool {
    lock.withLock { saidCancelled.contains(id) }
  }

  /// Notes that the effect task `id` is said cancelled; false when it was already.
  func sayCancelled(_ id: UInt64) -> Bool {
    lock.withLock { saidCancelled.insert(id).inserted }
  }

  // MARK: - New hits

  /// Whether a hit came since `takeNewHits()` last took them.
  var hasNewHits: Bool { lock.withLock { !newHits.isEmpty } }

  /// The hits since the last call, oldest first.
  func takeNewHits() -> [Hit] {
    lock.withLock {
      defer { newHits = [] }
      return newHits
    }
  }
}

extension Expectation {
  /// As typed: `list.canLoadMore == false`, `list.canLoadMore`.
  var text: String {
    op.map { "\(pathText) \($0.rawValue) \(expectedText)" } ?? pathText
  }
}
