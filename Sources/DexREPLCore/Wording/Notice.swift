import StoreInspector

/// What the engine tells a user beside a command's results (that it stopped waiting, what a
/// command did, what a script does at a breakpoint), as facts: the commands say which case it is
/// and with what, and `text` below is the one place that words them. Actions and paths come
/// already written (`ActionText`), as the lines they are part of show them.
package enum Notice: Sendable {
  // MARK: Waiting

  /// Ctrl-C while effects run after a command.
  case stoppedWaiting
  /// Ctrl-C while `advance` waits for the effects the clock woke.
  case stoppedAdvancing
  /// The input ended while effects run.
  case inputEnded
  /// An entry was recorded at the end of the branch while the session was at `entry`.
  case staysAt(entry: EntryID)

  // MARK: Scripts and breakpoints

  /// `run` scripts a breakpoint hit stopped (`stays`: after `abort`); `places` names each
  /// script and its line, innermost first.
  case runStopped(places: [(path: String, line: Int)], stays: Bool)
  /// A breakpoint hit at `entry` while a script runs: what it held runs first.
  case scriptGoesOnPastBreak(entry: EntryID)
  /// A script line after a breakpoint stopped a move at `stoppedAt`: the move finishes first.
  case scriptFinishesMove(stoppedAt: EntryID, target: EntryID)
  case watching(String)
  case stoppedWatching(String)
  case nothingWatched
  case breakpoint(number: Int, text: String)
  case deletedBreakpoint(number: Int, text: String)
  /// `abort` while `step` goes through `action` (written).
  case droppedStep(action: String)
  case droppedMove(target: EntryID, stoppedAt: EntryID)
  case droppedHeldWork
  case hiding(String)
  case showingAgain(String)
  case nothingHidden

  // MARK: Time travel

  /// Where a move landed: `entry` and its action (written), or #0.
  case at(entry: EntryID, action: String)
  case atInitialState
  case noBranches
  /// One line of `branches`; `divergence` is the entry it left the other branch at and its
  /// action (written).
  case branch(
    number: Int, isCurrent: Bool, length: Int, head: EntryID,
    divergence: (entry: EntryID, action: String)?)
  /// `skip` (`skipping`) or `unskip` of entry `number`, already as asked.
  case alreadyAsAsked(number: Int, skipping: Bool)

  // MARK: Clock and dependencies

  case clock(mode: String)
  case uuidsQueued(count: Int)
  case datesQueued(count: Int)

  // MARK: Files and output

  /// `record`: `sends` sent actions, and `expectations` when `--expect` wrote them.
  case recorded(sends: Int, expectations: Int?, path: String)
  case wroteTest(path: String)
  case exported(entries: Int, path: String)
  case wrotePage(entries: Int, path: String)
  case verified(path: String, entries: Int)
  case copyingOutput(path: String)
  /// `output` alone: the file it stopped copying to, or nil when it copied to none.
  case stoppedCopying(path: String?)

  // MARK: Shared values

  case noSharedValues
  /// `restore NAME` of a value that no file holds in this session.
  case inMemoryOnly(name: String)
  case alreadyStored(name: String)
}

extension Notice {
  /// The words, on one line (or the lines of a listing) without the final newline.
  var text: String {
    switch self {
    case .stoppedWaiting: "(stopped waiting; effects keep running and print when they send)"
    case .stoppedAdvancing: "(stopped waiting; effects keep running)"
    case .inputEnded: "(stopped waiting: end of input)"
    case let .staysAt(entry): "  (at the end of the branch; the session stays at #\(entry))"

    case let .runStopped(places, stays):
      Self.stopped(places, verb: stays ? "stays stopped" : "stopped")
        + "; 'continue' runs the rest"
    case let .scriptGoesOnPastBreak(entry):
      "break #\(entry): the script goes on; the effects it held run first"
    case let .scriptFinishesMove(stoppedAt, target):
      "break #\(stoppedAt): the script goes on; the rest of the move to #\(target) runs first"
    case let .watching(path): "watching \(path)"
    case let .stoppedWatching(path): "stopped watching \(path)"
    case .nothingWatched: "Nothing is watched. Watch a path with 'watch PATH'."
    case let .breakpoint(number, text): "breakpoint \(number): \(text)"
    case let .deletedBreakpoint(number, text): "deleted breakpoint \(number): \(text)"
    case let .droppedStep(action): "dropped \(action): the app is as it was before it"
    case let .droppedMove(target, stoppedAt):
      "dropped the rest of the move to #\(target): the session stays at #\(stoppedAt)"
    case .droppedHeldWork: "dropped the work the breakpoint held"
    case let .hiding(pattern): "hiding \(pattern)"
    case let .showingAgain(pattern): "showing \(pattern) again"
    case .nothingHidden: "Nothing is hidden. Hide entries with 'hide PATTERN'."

    case let .at(entry, action): "at #\(entry) \(action)"
    case .atInitialState: "at #0 (the initial state)"
    case .noBranches: "No branches yet: nothing was recorded."
    case let .branch(number, isCurrent, length, head, divergence):
      "\(isCurrent ? "*" : " ") branch \(number): \(VerificationReport.entries(length)), "
        + "head #\(head)" + (divergence.map { " from #\($0.entry) \($0.action)" } ?? "")
    case let .alreadyAsAsked(number, skipping):
      "#\(number) is \(skipping ? "already skipped" : "not skipped"); nothing to recompute"

    case let .clock(mode): "clock \(mode)"
    case let .uuidsQueued(count):
      "uuid: the next \(count == 1 ? "UUID" : "\(count) UUIDs") a reducer makes "
        + "\(count == 1 ? "is" : "are") queued"
    case let .datesQueued(count):
      "date: the next \(count == 1 ? "date" : "\(count) dates") a reducer reads "
        + "\(count == 1 ? "is" : "are") queued"

    case let .recorded(sends, expectations, path):
      "recorded \(sends) sent \(sends == 1 ? "action" : "actions")"
        + (expectations.map { " with \($0) \($0 == 1 ? "expectation" : "expectations")" } ?? "")
        + " to \(path)"
    case let .wroteTest(path): "wrote a Swift Testing test to \(path)"
    case let .exported(entries, path):
      "exported \(VerificationReport.entries(entries)) to \(path)"
    case let .wrotePage(entries, path):
      "wrote a page of \(VerificationReport.entries(entries)) to \(path)"
    case let .verified(path, entries):
      "verified \(path): \(VerificationReport.entries(entries)) replay to the recorded moments"
    case let .copyingOutput(path): "copying output to \(path); 'output' stops"
    case let .stoppedCopying(path):
      path.map { "stopped copying output to \($0)" } ?? "output is not being copied to a file"

    case .noSharedValues: "No shared values."
    case let .inMemoryOnly(name):
      "\(name) lives in memory only in this session (a script or pipe without --data-dir); "
        + "there is no file to write."
    case let .alreadyStored(name): "\(name) already holds the session's value."
    }
  }

  /// The words and a newline, as text written straight to the output takes them.
  var line: String { text + "\n" }

  /// `run scripts/pagination.dex stopped at line 53`; a nested run names each file, innermost
  /// first: `run sub/a.dex stopped at sub/b.dex:2, inside sub/a.dex:3`.
  private static func stopped(_ places: [(path: String, line: Int)], verb: String) -> String {
    guard let outermost = places.last else { return "" }
    guard places.count > 1 else { return "run \(outermost.path) \(verb) at line \(outermost.line)" }
    let named = places.map { "\($0.path):\($0.line)" }
    return "run \(outermost.path) \(verb) at \(named[0]), inside "
      + named.dropFirst().joined(separator: ", inside ")
  }
}
