import StoreInspector

/// Why a command that was understood could not be carried out, as facts: the commands say which
/// case it is and with what, and `problem` below is the one place that words them.
package enum Refusal: Equatable, Sendable {
  // MARK: Words made elsewhere

  /// A refusal of an app's own command, worded by the app.
  case app(Problem)

  /// An error whose type words itself (the history, a file, a path): `words` is its description,
  /// after `subject` when there is one.
  case because(subject: String? = nil, words: String)

  // MARK: The line as typed

  /// The input ended inside a command that opened `open` and never closed it.
  case unclosedCommand(open: String)
  /// A string is still open at the end of a line: `line` is its number (nil: the only line).
  case unclosedString(line: Int?)
  /// `!N` names no command of the session (`count` were run).
  case noCommandNumbered(String, count: Int)

  // MARK: Actions, patterns, rows

  /// The text of an action is not a literal dex reads.
  case unreadableAction(reason: String)
  /// The literal is no action of the app; `refusedValue`: a value its type refused (the reason
  /// then says all there is).
  case notAnAction(reason: String, refusedValue: Bool)
  /// `name` is not one of `cases` at `walked` (the app's cases when empty).
  case notACase(command: String? = nil, name: String, walked: [String], cases: [String])
  /// `#N` in a pattern, where the id is needed.
  case rowInPattern(command: String, index: Int)
  /// The text of a pattern is not a literal dex reads.
  case unreadablePattern(command: String, reason: String)
  /// `#N` where no collection is shown.
  case rowWithoutCollection(index: Int)
  /// `#` followed by something other than a row number.
  case notARowNumber(String)
  /// The app does not say which rows the cases `names` stand for.
  case rowsUnknown(index: Int, names: [String])
  /// A case that carries no action to look into (`actions PATH`).
  case takesNoAction(signature: String)
  /// `tree PATH` names no reducer.
  case noReducer(path: String)

  // MARK: Debugging

  /// `trace 0`: no action ran before the initial state.
  case traceOfInitialState
  /// A command changing the app while a breakpoint hit at `entry` holds effects.
  case heldByBreak(command: String?, entry: EntryID)
  /// A command changing the app while `step` goes through `action`.
  case stepping(command: String?, action: String)
  case alreadyWatched(String)
  case notWatched(String)
  case noBreakpoint(String)
  /// `step ACTION` where no reducer with logic runs for `action`.
  case nothingToStep(action: String)
  case notStepping
  case nothingToContinue
  /// `abort` with nothing held; `stillStopped` says which script stays stopped.
  case nothingToAbort(stillStopped: String?)
  /// `continue` after the session left the entry where a breakpoint stopped a move.
  case leftStoppedMove(stoppedAt: EntryID, target: EntryID)
  case alreadyHidden(String)
  /// `unhide PATTERN` (nil: every pattern) where nothing is hidden.
  case notHidden(String?)
  /// `bisect` where the expectation fails at #0 already.
  case bisectFailsAtStart(reason: String)
  /// `bisect` where the expectation holds at the current entry.
  case bisectHoldsAtCurrent(entry: EntryID)
  case bisectEntryGone(entry: EntryID)

  // MARK: Effects

  /// `cancel` of an effect a breakpoint hit at `entry` cancelled already.
  case cancelledAlready(effect: String, entry: EntryID)
  case noSuchEffect(command: String, effect: String)
  /// `respond` to an effect that is not awaiting an answer (it `waitsOn` something else).
  case notAwaiting(effect: String, waitsOn: String)
  case answeredMeanwhile(effect: String)
  case unreadableAnswer(reason: String)
  case notAnAnswer(type: String, reason: String)

  // MARK: Clock

  /// `clock DURATION`, where `advance DURATION` was meant.
  case clockTakesNoDuration(String)
  /// `advance` while the clock is `mode`.
  case clockNotManual(mode: String)

  // MARK: Shared values

  case restoreFailed(reason: String)
  case unreadableSharedValue(name: String, reason: String)
  case notASharedValue(name: String, reason: String)

  // MARK: Files and scripts

  /// A file that a command would replace without its `!` form (`replacement`).
  case fileExists(path: String, replacement: String)
  /// A symbolic link to `target`, which does not exist yet.
  case linkToMissingFile(path: String, target: String, replacement: String)
  /// Something other than a regular file where a file is read or written.
  case notARegularFile(command: String, reason: String)
  /// A file that could not be read or written (`reason` is the system's words).
  case fileFailed(command: String, reason: String)
  case scriptStopped(path: String)
  /// A script already running, under another spelling `runningAs` when it differs.
  case scriptAlreadyRunning(path: String, runningAs: String?)
  /// An exported session without recorded moments, which `--verify` compares.
  case nothingToVerify(path: String)
  /// Entries of the session at `path` no longer replay as recorded.
  case verificationFailed(path: String, entries: Int, diverging: Int, notDecoded: Int)
}

extension Refusal {
  /// The refusal in parts, which `Problem.text` lays out as one line.
  var problem: Problem {
    switch self {
    case let .app(problem):
      problem
    case let .because(subject, words):
      Problem(subject: subject, words)
    case let .unclosedCommand(open):
      Problem(
        "the command never closes its '\(open)' before the input ends",
        hint: "close it, or press Ctrl-C to drop it.")
    case let .unclosedString(line):
      Problem(
        "a string is still open at the end of \(line.map { "line \($0)" } ?? "this line"); "
          + "a string cannot span lines",
        hint: "close its '\"' on the line where it opens.")
    case let .noCommandNumbered(text, count):
      Problem(
        "'\(text)' names no command of this session "
          + "(\(count == 0 ? "no command was run yet" : "N is 1…\(count)"))",
        hint: "type 'history' for the list.")

    case let .unreadableAction(reason):
      Problem("cannot read the action", reason: reason)
    case let .notAnAction(reason, refusedValue):
      Problem("not an action", reason: reason, hint: refusedValue ? nil : "Type 'actions' for the list.")
    case let .notACase(command, name, walked, cases):
      Problem(
        subject: command,
        "'\(name)' is not a case at \(walked.isEmpty ? "the app" : walked.joined(separator: "."))",
        hint: "cases: \(cases.map { ".\($0)" }.joined(separator: ", "))")
    case let .rowInPattern(command, index):
      Problem(subject: command, "#\(index) names a row; a pattern needs the id")
    case let .unreadablePattern(command, reason):
      Problem(subject: command, "cannot read the pattern", reason: reason)
    case let .rowWithoutCollection(index):
      Problem("#\(index) names a row, but no collection is shown here")
    case let .notARowNumber(text):
      Problem("'\(text)' is not a row number")
    case let .rowsUnknown(index, names):
      Problem(
        subject: "#\(index)",
        "dex does not know which rows .\(names.joined(separator: "(.")) refers to",
        hint: "write the id")
    case let .takesNoAction(signature):
      Problem("\(signature) takes no action to look into")
    case let .noReducer(path):
      Problem(
        subject: "tree", "no reducer is reached through '\(path)'",
        hint: "'tree' lists the state paths of every feature.")

    case .traceOfInitialState:
      Problem(subject: "trace", "#0 is the initial state: no action ran", hint: "'log' lists the entries.")
    case let .heldByBreak(command, entry):
      Problem(
        subject: command, "break #\(entry) holds the effects that were running",
        hint: "'continue' delivers the rest, 'abort' drops it.")
    case let .stepping(command, action):
      Problem(
        subject: command, "step is going through \(action)",
        hint: "'next', 'continue' or 'abort' first.")
    case let .alreadyWatched(path):
      Problem(subject: "watch", "\(path) is already watched")
    case let .notWatched(path):
      Problem(subject: "unwatch", "\(path) is not watched", hint: "'watch' lists them.")
    case let .noBreakpoint(name):
      Problem(subject: "break", "there is no breakpoint \(name)", hint: "'breaks' lists them.")
    case let .nothingToStep(action):
      Problem(
        subject: "step", "no reducer with logic of its own runs for \(action)",
        hint: "'trace' shows where an action goes.")
    case .notStepping:
      Problem(subject: "next", "no action is being stepped through", hint: "'step ACTION' starts.")
    case .nothingToContinue:
      Problem(subject: "continue", "no breakpoint hit holds anything to continue")
    case let .nothingToAbort(stillStopped):
      Problem(
        subject: "abort", "no breakpoint hit holds anything to abort",
        hint: stillStopped.map { $0 + "." })
    case let .leftStoppedMove(stoppedAt, target):
      Problem(
        subject: "continue",
        "the session left #\(stoppedAt), where a breakpoint stopped the move",
        hint: "'jump \(target)' goes where it was going.")
    case let .alreadyHidden(pattern):
      Problem(subject: "hide", "\(pattern) is hidden already", hint: "'hide' lists what is.")
    case let .notHidden(pattern):
      Problem(
        subject: "unhide", pattern.map { "\($0) is not hidden" } ?? "nothing is hidden",
        hint: "'hide' lists what is.")
    case let .bisectFailsAtStart(reason):
      Problem(
        subject: "bisect", "the expectation does not hold at #0", reason: reason,
        hint: "bisect looks for where a value that was right goes wrong.")
    case let .bisectHoldsAtCurrent(entry):
      Problem(
        subject: "bisect", "the expectation still holds at the current entry #\(entry)",
        hint: "move to an entry where it fails (jump N), then bisect.")
    case let .bisectEntryGone(entry):
      Problem(subject: "bisect", "entry #\(entry) is gone")

    case let .cancelledAlready(effect, entry):
      Problem(
        subject: "cancel", "\(effect) is cancelled already",
        reason: "it ends when break #\(entry) lets the held effects run",
        hint: "'continue' or 'abort'.")
    case let .noSuchEffect(command, effect):
      Problem(subject: command, "no effect \(effect) is running", hint: "'effects' lists them.")
    case let .notAwaiting(effect, waitsOn):
      Problem(
        subject: "respond", "\(effect) is not awaiting an answer", reason: "it is \(waitsOn)",
        hint: "only an effect listed as 'awaiting …' takes one (dep NAME manual).")
    case let .answeredMeanwhile(effect):
      Problem(subject: "respond", "\(effect) was answered or ended meanwhile")
    case let .unreadableAnswer(reason):
      Problem(subject: "respond", "cannot read the answer", reason: reason)
    case let .notAnAnswer(type, reason):
      Problem(
        subject: "respond", "not a \(type)", reason: reason,
        hint: "answer with .failure(…) or .success(…).")

    case let .clockTakesNoDuration(duration):
      Problem(
        subject: "clock", "'clock' chooses a clock; moving the manual one is 'advance'",
        hint: "Type 'advance \(duration)'.")
    case let .clockNotManual(mode):
      Problem(
        "advance moves the manual clock, but the clock is \(mode)",
        hint: "Type 'clock manual' first.")

    case let .restoreFailed(reason):
      Problem(subject: "restore", reason, hint: "nothing was written.")
    case let .unreadableSharedValue(name, reason):
      Problem("cannot read the value of \(name)", reason: reason)
    case let .notASharedValue(name, reason):
      Problem("not a value for \(name)", reason: reason + ".")

    case let .fileExists(path, replacement):
      Problem("\(path) exists", hint: "'\(replacement)' replaces it.")
    case let .linkToMissingFile(path, target, replacement):
      Problem(
        "\(path) is a symbolic link to \(target), which does not exist yet",
        hint: "'\(replacement)' writes there.")
    case let .notARegularFile(command, reason):
      Problem(subject: command, reason, hint: "name a regular file.")
    case let .fileFailed(command, reason):
      Problem(subject: command, "\(reason).")
    case let .scriptStopped(path):
      Problem("script \(path) stopped at the failure above.")
    case let .scriptAlreadyRunning(path, runningAs):
      Problem(
        "\(path) is already running\(runningAs.map { " (as \($0))" } ?? "")",
        hint: "a script cannot run itself, directly or through the scripts it runs.")
    case let .nothingToVerify(path):
      Problem(
        subject: path, "the session keeps no recorded moments to compare (it was exported by an "
          + "older dex)", hint: "export it again with this one to verify it later.")
    case let .verificationFailed(path, total, diverging, notDecoded):
      Problem(
        subject: path,
        [
          diverging > 0
            ? "\(diverging) of \(total) \(total == 1 ? "entry" : "entries") "
              + (diverging == 1 ? "diverges" : "diverge") : nil,
          notDecoded > 0
            ? "\(notDecoded) " + (notDecoded == 1 ? "action no longer decodes" : "actions no longer decode")
            : nil,
        ].compactMap { $0 }.joined(separator: " and "),
        hint: "'log' and 'diff N' show the session as it replays now.")
    }
  }
}
