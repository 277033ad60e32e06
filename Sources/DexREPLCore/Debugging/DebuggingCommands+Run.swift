import Composable
import ComposableInspection
import StoreInspector

// trace, watch, unwatch, break, breaks, continue, abort, bisect, hide, unhide.
extension REPL {
  typealias Pattern = ActionPattern<App.Feature.Action>

  func trace(_ call: CommandCall) throws(REPLError) {
    let numbers = try entryNumbers(call.arguments, command: "trace", synopsis: call.synopsis, atMost: 1)
    try printTrace(numbers.first.map { EntryID($0) })
  }

  /// Prints the trace of entry `id` (nil: the current one).
  func printTrace(_ id: EntryID?) throws(REPLError) {
    printTrace(try session.trace(id))
  }

  /// Prints `traced`.
  func printTrace(_ traced: DexSession<App>.TracedEntry) {
    console.page(
      Transcript<App>.trace(
        traced, settings: session.settings, naming: session.sharedName))
  }

  // MARK: - Watch

  func watch(_ call: CommandCall) throws(REPLError) {
    guard !call.arguments.isEmpty else {
      printListing(
        type: "watches", key: "paths", session.debugger.watches.map(\.text), as: { Notice.watching($0).text },
        empty: Notice.nothingWatched.text)
      return
    }
    let path = try checkedPath(call.arguments, command: "watch", synopsis: call.synopsis)
    guard session.debugger.watch(path, text: call.arguments) else {
      throw .failed(.alreadyWatched(call.arguments))
    }
    console.print(Notice.watching(call.arguments).text)
  }

  func unwatch(_ call: CommandCall) throws(REPLError) {
    guard !call.arguments.isEmpty else {
      throw call.refusal(.pathOrAllNeeded)
    }
    let path = call.arguments == "all"
      ? nil : try checkedPath(call.arguments, command: "unwatch", synopsis: call.synopsis)
    let removed = session.debugger.unwatch(path)
    guard !removed.isEmpty else {
      throw .failed(.notWatched(call.arguments))
    }
    for watch in removed { console.print(Notice.stoppedWatching(watch.text).text) }
  }

  /// The state path `text`, checked against the current state: a name the state's types do
  /// not have is refused; a path that does not resolve only because of the current values (a
  /// nil optional, another enum case, a missing element) is accepted.
  func checkedPath(_ text: String, command: String, synopsis: String) throws(REPLError) -> StatePath {
    let path: StatePath
    do {
      path = try StatePath(parsing: text)
    } catch {
      throw .badArguments(command: command, problem: .described("\(error)"), synopsis: synopsis)
    }
    do {
      _ = try ActionPath.value(at: path, in: session.store.state)
    } catch {
      switch error {
      case .noField, .notSubscriptable, .noPayload, .notIdentified, .syntax:
        throw .failed(.because(subject: command, words: "\(error)"))
      case .isNil, .wrongCase, .indexOutOfRange, .noElement, .noKey:
        break
      }
    }
    return path
  }

  // MARK: - Breakpoints

  func breakpoint(_ call: CommandCall) throws(REPLError) {
    let words = call.arguments.split(maxSplits: 1, whereSeparator: \.isWhitespace).map(String.init)
    let rest = words.count > 1 ? words[1].trimmingWhitespace() : ""
    let condition: Debugger<App>.Breakpoint.Condition
    switch words.first {
    case "when":
      let expectation = try Expectation(
        parsing: rest, command: "break", synopsis: call.synopsis, example: App.expectationExample)
      _ = try checkedPath(expectation.pathText, command: "break", synopsis: call.synopsis)
      condition = .when(expectation)
    case "on":
      condition = .on(
        try Pattern(
          parsing: rest, command: "break", synopsis: call.synopsis,
          example: App.actionPatternExample))
    case "delete":
      let numbers = try entryNumbers(
        rest, command: "break", synopsis: call.synopsis, atMost: 1, from: 1,
        what: "breakpoint number")
      guard let number = numbers.first, let removed = session.debugger.deleteBreakpoint(number)
      else {
        throw .failed(.noBreakpoint(rest))
      }
      console.print(Notice.deletedBreakpoint(number: removed.number, text: removed.text).text)
      return
    default:
      throw call.refusal(.breakpointKindNeeded)
    }
    let breakpoint = session.addBreakpoint(condition)
    console.print(Notice.breakpoint(number: breakpoint.number, text: breakpoint.text).text)
  }

  func breaks() {
    let breakpoints = session.debugger.breakpoints
    let lines = breakpoints.isEmpty
      ? ["No breakpoints. Set one with 'break when EXPECTATION' or 'break on PATTERN'."]
      : breakpoints.map { "breakpoint \($0.number): \($0.text)" }
    let json = breakpoints.map { breakpoint -> JSONValue in
      .object([
        .init("number", .number(breakpoint.number)),
        .init("condition", .string(breakpoint.text)),
      ])
    }
    let item = OutputItem(
      type: "breaks", text: lines.joined(separator: "\n"), members: [.init("breakpoints", .array(json))])
    console.page(item)
  }

  // MARK: - Step

  func step(_ call: CommandCall) throws(REPLError) {
    let action = try ActionParser<App.Feature.Action>.parse(
      call.arguments, synopsis: call.synopsis,
      row: { path, index throws(REPLError) in try rowID(path, index) })
    try session.refuseWhileHolding(command: "step")
    guard let stepping = session.startStepping(action) else {
      throw .failed(.nothingToStep(action: ActionText<App>.line(action)))
    }
    session.debugger.stepping = stepping
    try nextStep()
  }

  /// Runs the next reducer of the action `step` goes through; past the last one, sends it.
  func nextStep() throws(REPLError) {
    guard var stepping = session.debugger.stepping else {
      throw .failed(.notStepping)
    }
    guard stepping.done < stepping.steps.count else {
      finishStepping(sending: true)
      return
    }
    stepping.done += 1
    session.debugger.stepping = stepping
    let item = Transcript<App>.stepped(
      stepping.steps[stepping.done - 1], number: stepping.done, of: stepping.steps.count,
      settings: session.settings)
    console.page(item)
  }

  /// Ends `step`: sends the action for real, or drops it. The UUIDs and dates its replay took
  /// from the session's generators go back to them first, so the send (or whatever asks next)
  /// gets the ones `step` showed.
  private func finishStepping(sending: Bool) {
    guard let stepping = session.debugger.stepping else { return }
    session.debugger.stepping = nil
    session.generators.enqueue(stepping.values.map(GeneratedValue.init))
    if sending {
      session.send(stepping.action)
    } else {
      console.print(Notice.droppedStep(action: ActionText<App>.line(stepping.action)).text)
    }
  }

  /// `continue`: sends the action `step` goes through; delivers what a breakpoint hit holds;
  /// goes on with the move a breakpoint stopped (forward, the way back after skip or unskip);
  /// then runs the rest of the `run` scripts the hit stopped, unless that hit again; at the
  /// prompt `--debug` opened, with nothing else to continue, resumes the script.
  func continueAfterBreak() throws(REPLError) -> Outcome {
    if session.debugger.stepping != nil {
      finishStepping(sending: true)
      reportEffects()
      return .proceed
    }
    let holds = session.debugger.isHolding
    let move = session.debugger.pendingMove
    let stoppedRun = !stoppedRuns.isEmpty
    guard holds || move != nil || stoppedRun || session.debugger.isInPostMortem else {
      throw .failed(.nothingToContinue)
    }
    if holds {
      session.deliverHeldWork()
      reportEffects()
    } else if let move {
      try refuseIfMoved(from: move)
      try resume(move)
    }
    if stoppedRun {
      // What was delivered hit a breakpoint again: the scripts stay stopped there.
      guard !session.debugger.hasNewHits else { return .proceed }
      return try continueStoppedRuns()
    }
    return session.debugger.isInPostMortem ? .resume : .proceed
  }

  /// `abort`: drops the action `step` goes through, the move a breakpoint stopped, or the work
  /// it holds: the effects still running are cancelled (said as `cancel` says it). A `run`
  /// script the hit stopped stays stopped: `continue` still runs the rest.
  func abortAfterBreak() throws(REPLError) {
    if session.debugger.stepping != nil {
      finishStepping(sending: false)
      return
    }
    let holds = session.debugger.isHolding
    // A move the session has left since is forgotten.
    let current = session.withHistory { $0.currentEntry }
    let move = session.debugger.pendingMove.flatMap { $0.stoppedAt == current ? $0 : nil }
    session.debugger.pendingMove = nil
    // The scripts a hit stopped stay stopped, as a debugger keeps a stopped program.
    let stillStopped = stoppedRuns.last.map {
      Notice.runStopped(places: Self.places($0), stays: true).text
    }
    guard holds || move != nil else {
      throw .failed(.nothingToAbort(stillStopped: stillStopped))
    }
    defer {
      if let stillStopped { console.print(stillStopped) }
    }
    if let move {
      console.print(Notice.droppedMove(target: move.target, stoppedAt: move.stoppedAt).text)
    }
    guard holds else { return }
    let running = session.newlyCancelled(session.dropHeldWork())
    if !running.isEmpty { console.page(cancelledItem(running)) }
    console.print(Notice.droppedHeldWork.text)
  }

  /// In a script, a line that changes the app first finishes the move a breakpoint stopped
  /// (checking the entries on the way, so it may stop again: then again), as it first runs the
  /// work a hit holds: nobody can answer at the stop, and a hit never changes what a script
  /// does. At a prompt the move waits for `continue`.
  func finishStoppedMoveBeforeScriptLine() throws(REPLError) {
    while session.isRunningScriptLine, let move = session.debugger.pendingMove,
      session.withHistory({ $0.currentEntry }) == move.stoppedAt
    {
      console.print(
        Notice.scriptFinishesMove(stoppedAt: move.stoppedAt, target: move.target).text)
      try resume(move)
    }
  }

  /// Goes on with a move a breakpoint stopped, checking the entries it passes (it may stop
  /// again).
  private func resume(_ move: Debugger<App>.Move) throws(REPLError) {
    try travel(passing: .after(move.stoppedAt)) { history throws(HistoryError) in
      try history.jump(to: move.target)
    }
  }

  /// The error for `continue` when the session left the entry where a breakpoint stopped a move
  /// (the move is then forgotten).
  private func refuseIfMoved(from move: Debugger<App>.Move) throws(REPLError) {
    guard session.withHistory({ $0.currentEntry }) != move.stoppedAt else { return }
    session.debugger.pendingMove = nil
    throw .failed(.leftStoppedMove(stoppedAt: move.stoppedAt, target: move.target))
  }

  // MARK: - Bisect

  func bisect(_ call: CommandCall) throws(REPLError) {
    let expectation = try Expectation(
      parsing: call.arguments, command: "bisect", synopsis: call.synopsis,
      example: App.expectationExample)
    _ = try checkedPath(expectation.pathText, command: "bisect", synopsis: call.synopsis)
    let found = try session.bisect { Debugger<App>.problem(expectation, in: $0) }
    let item = Transcript<App>.bisected(
      found, expectation: expectation.text, naming: session.sharedName)
    console.page(item)
    try printTrace(found.entry)
  }

  // MARK: - Hiding

  func hide(_ call: CommandCall) throws(REPLError) {
    guard !call.arguments.isEmpty else {
      printListing(
        type: "hidden", key: "patterns", session.debugger.hidden.map(\.description),
        as: { Notice.hiding($0).text }, empty: Notice.nothingHidden.text)
      return
    }
    let pattern = try Pattern(
      parsing: call.arguments, command: "hide", synopsis: call.synopsis,
      example: App.actionPatternExample)
    guard session.debugger.hide(pattern) else {
      throw .failed(.alreadyHidden(pattern.description))
    }
    console.print(Notice.hiding(pattern.description).text)
  }

  func unhide(_ call: CommandCall) throws(REPLError) {
    let text = call.arguments.isEmpty
      ? nil
      : try Pattern(
        parsing: call.arguments, command: "unhide", synopsis: call.synopsis,
        example: App.actionPatternExample
      ).description
    let removed = session.debugger.unhide(text)
    guard !removed.isEmpty else {
      throw .failed(.notHidden(call.arguments.isEmpty ? nil : call.arguments))
    }
    for pattern in removed { console.print(Notice.showingAgain(pattern.description).text) }
  }

  /// Prints what `watch` or `hide` holds, one line each (`empty` when nothing); as JSON
  /// `{"type":TYPE,KEY:[…]}`.
  private func printListing(
    type: String, key: String, _ values: [String], as line: (String) -> String, empty: String
  ) {
    let lines = values.isEmpty ? [empty] : values.map(line)
    let item = OutputItem(
      type: type, text: lines.joined(separator: "\n"),
      members: [.init(key, .array(values.map { .string($0) }))])
    console.page(item)
  }
}
