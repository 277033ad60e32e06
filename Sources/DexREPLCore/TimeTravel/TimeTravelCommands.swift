import Composable
import ComposableInspection
import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// The commands that read and move through history, in the order `help` lists them.
  static var timeTravelCommands: [REPLCommand] {
    [diff, log, back, forward, jump, branches, branch, skip, unskip]
  }

  /// `diff`: the change made by entry N (default: the current one), or between entries A and B.
  static var diff: REPLCommand {
    REPLCommand(
      name: "diff", synopsis: "diff [N] | diff A B",
      summary: "the change made by entry N (default: the current one), or between entries A and B",
      details: """
        'diff 3' shows what entry 3 changed; 'diff 0 5' compares the initial state with the
        state after entry 5. Shows everything, long collections included.
        """,
      acceptsArguments: true,
      section: .timeTravel, changesTheApp: false
    ) { repl, call throws(REPLError) in try repl.diff(call) }
  }

  /// `log`: the numbered entries of the current branch.
  static var log: REPLCommand {
    REPLCommand(
      name: "log", synopsis: "log [--changed] [--path PATH] [PATTERN]",
      summary: "the numbered entries of the current branch",
      details: """
        One line per entry: its number, who made it ('sent', 'received from #N', or 'external'
        for a shared value changed outside the session) and the action. Skipped entries are
        marked '(skipped)'; a '~' marks a drifted entry, one whose recomputation (after a skip,
        an import) needed values it had not recorded, so its state differs from the first time.
        A '>' marks where time travel put you. Filters keep some entries only: '--changed' the
        entries that changed something, '--path PATH' those that changed the value at PATH, a
        case pattern those whose action matches it.
        """,
      acceptsArguments: true,
      section: .timeTravel, changesTheApp: false,
      complete: { completer, place in completer.logArgument(place) }
    ) { repl, call throws(REPLError) in try repl.log(call) }
  }

  /// `back`: step back over N sent actions (with the actions received from them).
  static var back: REPLCommand {
    REPLCommand(
      name: "back", synopsis: "back [N]",
      summary: "step back over N sent actions (with the actions received from them)",
      details: """
        Moves the app back to before the last N sent actions, together with what their
        effects sent, and cancels running effects. Persisted shared values (files)
        get exactly this session's own change undone, so another process's change is kept;
        external entries are passed by. Sending from the past starts a new branch.
        """,
      acceptsArguments: true,
      section: .timeTravel, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.back(call) }
  }

  /// `forward`: step forward over N sent actions on the current branch.
  static var forward: REPLCommand {
    REPLCommand(
      name: "forward", synopsis: "forward [N]",
      summary: "step forward over N sent actions on the current branch",
      details: """
        Undoes 'back': moves to after the next N sent actions of the current branch (and the
        external entries right after them), redoing this session's own changes on disk.
        """,
      acceptsArguments: true,
      section: .timeTravel, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.forward(call) }
  }

  /// `jump`: move to the state after entry N (0 is the initial state).
  static var jump: REPLCommand {
    REPLCommand(
      name: "jump", synopsis: "jump N",
      summary: "move to the state after entry N (0 is the initial state)",
      details: """
        Cancels running effects; persisted shared values get the change this session's own
        entries make between here and there (external entries are never undone).
        """,
      acceptsArguments: true,
      section: .timeTravel, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.jump(call) }
  }

  /// `branches`: list the branches time travel kept.
  static var branches: REPLCommand {
    REPLCommand(
      name: "branches", synopsis: "branches",
      summary: "list the branches time travel kept",
      details: """
        One line per branch, '* branch K …' for the current one and '  branch K …' for the
        others, with its length and the first action where it went its own way.
        """,
      acceptsArguments: false,
      section: .timeTravel, changesTheApp: false
    ) { repl, call throws(REPLError) in repl.branches() }
  }

  /// `branch`: switch to branch K.
  static var branch: REPLCommand {
    REPLCommand(
      name: "branch", synopsis: "branch K",
      summary: "switch to branch K",
      details: "Moves to the last entry of branch K.", acceptsArguments: true,
      section: .timeTravel, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.branch(call) }
  }

  /// `skip`: recompute later states as if entry N had not happened.
  static var skip: REPLCommand {
    REPLCommand(
      name: "skip", synopsis: "skip N",
      summary: "recompute later states as if entry N had not happened",
      details: """
        Later entries are replayed through the reducers without running effects (received
        actions are replayed as recorded). 'unskip N' puts it back.
        """,
      acceptsArguments: true,
      section: .timeTravel, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.skip(call, skipping: true) }
  }

  /// `unskip`: recompute later states with entry N again.
  static var unskip: REPLCommand {
    REPLCommand(
      name: "unskip", synopsis: "unskip N",
      summary: "recompute later states with entry N again",
      details: "The reverse of 'skip N'.", acceptsArguments: true,
      section: .timeTravel, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.skip(call, skipping: false) }
  }
}

// MARK: - Running them

// diff, log, back, forward, jump, branches, branch, skip, unskip.
extension REPL {
  func diff(_ call: CommandCall) throws(REPLError) {
    let numbers = try entryNumbers(call.arguments, command: "diff", synopsis: call.synopsis, atMost: 2)
    let lookup = session.withHistory {
      history -> Result<(String, StoreMoment<App.Feature.State>, StoreMoment<App.Feature.State>), HistoryError> in
      do throws(HistoryError) {
        if numbers.count == 2 {
          let before = try history.moment(at: EntryID(numbers[0]))
          let after = try history.moment(at: EntryID(numbers[1]))
          return .success(("#\(numbers[0]) → #\(numbers[1])", before, after))
        }
        let entry = numbers.first.map { EntryID($0) } ?? history.currentEntry
        let moments = try history.moments(around: entry)
        var header = "#0 (the initial state)"
        if entry.number != 0 {
          header =
            "#\(entry) \(ActionText<App>.line(try history.entry(entry).action, naming: session.sharedName))"
        }
        return .success((header, moments.before, moments.after))
      } catch {
        return .failure(error)
      }
    }
    let rendered: String
    switch lookup {
    case let .success((header, before, after)):
      rendered = header + "\n" + text(of: before, after)
    case let .failure(error):
      throw .failed(.because(words: "\(error)"))
    }
    console.page(rendered)
  }

  private func text(
    of before: StoreMoment<App.Feature.State>, _ after: StoreMoment<App.Feature.State>
  ) -> String {
    session.settings.style.diff(
      session.diff(from: before, to: after).text(
        maxWidth: session.settings.diffWidth, wrapsStrings: session.settings.isInteractive))
  }

  func log(_ call: CommandCall) throws(REPLError) {
    let filter = try LogFilter<App>(parsing: call, repl: self)
    let (all, current) = session.withHistory { ($0.log, $0.currentEntry) }
    let entries = filter.map { filter in session.withHistory { filter.kept(all, in: $0) } } ?? all
    var lines: [String] = []
    if all.isEmpty { lines.append("No entries yet. Send an action with 'send'.") }
    if !all.isEmpty, entries.isEmpty { lines.append("No entry matches.") }
    if current == .initial, !entries.isEmpty { lines.append("> #0 (the initial state)") }
    for entry in entries {
      let marker = entry.id == current ? ">" : entry.isDrifted ? "~" : " "
      let skipped = entry.isSkipped ? " (skipped)" : ""
      let drifted = entry.isDrifted && entry.id == current ? " (drifted)" : ""
      lines.append(
        "\(marker) #\(entry.id) \(Transcript<App>.describe(entry.origin)) "
          + "\(ActionText<App>.line(entry.action, naming: session.sharedName))\(skipped)\(drifted)")
    }
    let json = entries.map { entry -> JSONValue in
      var members: [JSONValue.Member] = [
        .init("entry", .number(entry.id.number)),
        .init("origin", Transcript<App>.originJSON(entry.origin)),
      ]
      members.append(Transcript<App>.stepJSON(entry.action, naming: session.sharedName))
      members += [
        .init("current", .bool(entry.id == current)), .init("skipped", .bool(entry.isSkipped)),
        .init("drifted", .bool(entry.isDrifted)),
      ]
      return .object(members)
    }
    let item = OutputItem(
      type: "log", text: lines.joined(separator: "\n"),
      members: [.init("current", .number(current.number)), .init("entries", .array(json))])
    console.page(item)
  }

  func back(_ call: CommandCall) throws(REPLError) {
    let steps = try count(call.arguments, command: "back", synopsis: call.synopsis)
    try travel { history throws(HistoryError) in try history.back(steps) }
  }

  func forward(_ call: CommandCall) throws(REPLError) {
    let steps = try count(call.arguments, command: "forward", synopsis: call.synopsis)
    let start = session.withHistory { $0.currentEntry }
    try travel(passing: .after(start)) { history throws(HistoryError) in
      try history.forward(steps)
    }
  }

  func jump(_ call: CommandCall) throws(REPLError) {
    let numbers = try entryNumbers(call.arguments, command: "jump", synopsis: call.synopsis, atMost: 1)
    guard let number = numbers.first else {
      throw call.refusal(.entryNumberNeeded)
    }
    try travel { history throws(HistoryError) in try history.jump(to: EntryID(number)) }
  }

  func branches() {
    let branches = session.withHistory { $0.branches }
    guard !branches.isEmpty else {
      console.print(Notice.noBranches.text)
      return
    }
    for branch in branches {
      let divergence = branch.divergence.map {
        (entry: $0.id, action: ActionText<App>.line($0.action, naming: session.sharedName))
      }
      let line = Notice.branch(
        number: branch.number, isCurrent: branch.isCurrent, length: branch.length,
        head: branch.head, divergence: divergence)
      console.print(line.text)
    }
  }

  func branch(_ call: CommandCall) throws(REPLError) {
    let numbers = try entryNumbers(
      call.arguments, command: "branch", synopsis: call.synopsis, atMost: 1, from: 1,
      what: "branch number")
    guard let number = numbers.first else {
      throw call.refusal(.branchNumberNeeded)
    }
    try travel { history throws(HistoryError) in try history.switchBranch(to: number) }
  }

  func skip(_ call: CommandCall, skipping: Bool) throws(REPLError) {
    let numbers = try entryNumbers(
      call.arguments, command: call.name, synopsis: call.synopsis, atMost: 1, from: 1,
      what: "entry number")
    guard let number = numbers.first else {
      throw call.refusal(.entryNumberFromOneNeeded)
    }
    let refusal = session.withHistory { history in
      Result { () throws(HistoryError) in
        try history.checkSkippableOnCurrentBranch(EntryID(number), skipping: skipping)
      }
    }
    if case .failure(let error) = refusal { throw .failed(.because(words: "\(error)")) }
    // Nothing is recomputed when the entry is already as asked.
    let isSkipped = session.withHistory { try? $0.entry(EntryID(number)).isSkipped }
    if isSkipped == skipping {
      console.print(Notice.alreadyAsAsked(number: number, skipping: skipping).text)
      return
    }
    // What skipping an entry recomputes starts after it (it changes nothing now); unskipping,
    // with it.
    let passing: DexSession<App>.Passing =
      skipping ? .after(EntryID(number)) : .from(EntryID(number))
    try travel(passing: passing) { history throws(HistoryError) in
      if skipping {
        try history.skip(EntryID(number))
      } else {
        try history.unskip(EntryID(number))
      }
    }
    reportDrift()
  }

  /// Says which entries of the current branch drifted: their recomputation needed values
  /// (UUIDs, dates) they had not recorded, so their state differs from the first time.
  func reportDrift() {
    let drifted = session.withHistory { $0.log.filter(\.isDrifted).map(\.id) }
    guard !drifted.isEmpty else { return }
    console.print(Drift.inputsChanged.line(drifted))
  }

  /// Moves through history, checking the entries `passing` names (see `DexSession.travel`),
  /// and reports where it landed.
  func travel(
    passing: DexSession<App>.Passing = .nothing,
    _ move: (inout History<StoreMoment<App.Feature.State>, SessionStep<App.Feature.Action>>) throws(
      HistoryError
    ) -> Void
  ) throws(REPLError) {
    do {
      try session.travel(passing: passing, move)
    } catch {
      throw .failed(.because(words: "\(error)"))
    }
    let (current, entry) = session.withHistory { history in
      (history.currentEntry, try? history.entry(history.currentEntry))
    }
    if let entry {
      let action = ActionText<App>.line(entry.action, naming: session.sharedName)
      console.print(Notice.at(entry: current, action: action).text)
    } else {
      console.print(Notice.atInitialState.text)
    }
    reportEffects()
  }

  private func count(_ arguments: String, command: String, synopsis: String) throws(REPLError) -> Int {
    let numbers = try entryNumbers(arguments, command: command, synopsis: synopsis, atMost: 1)
    let steps = numbers.first ?? 1
    guard steps >= 1 else {
      throw .badArguments(command: command, problem: .countBelowOne, synopsis: synopsis)
    }
    return steps
  }

  /// Whole numbers from `lowest` separated by spaces (`#` prefixes allowed), at most `atMost`
  /// of them.
  func entryNumbers(
    _ arguments: String, command: String, synopsis: String, atMost limit: Int, from lowest: Int = 0,
    what: String = "entry number"
  ) throws(REPLError) -> [Int] {
    let words = arguments.split(whereSeparator: \.isWhitespace)
    guard words.count <= limit else {
      throw .badArguments(command: command, problem: .tooManyArguments, synopsis: synopsis)
    }
    var numbers: [Int] = []
    for word in words {
      let digits = word.hasPrefix("#") ? word.dropFirst() : word[...]
      guard let number = Int(digits), number >= lowest else {
        let isWhole = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
        if isWhole, Int(digits) == nil {
          throw .badArguments(
            command: command, problem: .numberTooLarge(String(word), what: what),
            synopsis: synopsis)
        }
        throw .badArguments(
          command: command,
          problem: .notANumber(String(word), what: what, lowest: lowest),
          synopsis: synopsis)
      }
      numbers.append(number)
    }
    return numbers
  }
}

// MARK: - Completing them

extension Completer {
  /// `log`'s options, the path after `--path`, else the case pattern.
  func logArgument(_ place: CompletionPlace) -> [String] {
    if place.word.hasPrefix("-") { return options(["--changed", "--path"], place) }
    appendsSpace = false
    if place.wordsBefore.last == "--path" { return statePaths(place.word) }
    let pattern = place.typed.split(whereSeparator: \.isWhitespace).dropFirst()
      .filter { !$0.hasPrefix("--") }.joined(separator: " ")
    return actions(pattern, word: place.word)
  }
}
