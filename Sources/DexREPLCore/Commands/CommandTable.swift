/// What a command does; the REPL switches over it, so adding a case forces handling it.
package enum CommandKind: Equatable, Sendable {
  case send, state, diff, log, back, forward, jump, branches, branch, skip, unskip
  case trace, step, next, watch, unwatch, `break`, breaks, `continue`, abort, bisect, hide, unhide
  case actions, tree, expect, clock, advance, effects, cancel, respond, deps, dep, shared, restore
  case run, record, gentest, export, `import`
  case history, output
  case help, quit
  /// A command the app adds (`AppCommand`), run through its own closure.
  case app

  /// Whether the command changes the app's state or its history (moving through it, running
  /// a script, moving the clock, answering or cancelling an effect): refused while `step` goes
  /// through an action, whose copy of the state it would leave behind. `shared` changes it only
  /// when it sets a value; an app's command checks for itself.
  var changesTheApp: Bool {
    switch self {
    case .send, .back, .forward, .jump, .branch, .skip, .unskip, .clock, .advance, .cancel,
      .respond, .dep, .restore, .run, .import:
      true
    case .state, .diff, .log, .branches, .trace, .step, .next, .watch, .unwatch, .break, .breaks,
      .continue, .abort, .bisect, .hide, .unhide, .actions, .tree, .expect, .effects, .deps,
      .shared, .record, .gentest, .export, .history, .output, .help, .quit, .app:
      false
    }
  }
}

/// One command of the REPL: the names it answers to and its help.
package struct CommandDescriptor: Equatable, Sendable {
  package let kind: CommandKind
  /// The name `help` lists it under.
  package let name: String
  /// Other names that run the same command.
  package let aliases: [String]
  /// How it is written, e.g. `help [COMMAND]`.
  package let synopsis: String
  /// One line for the `help` listing.
  package let summary: String
  /// The text `help COMMAND` prints under the synopsis.
  package let details: String
  /// Whether anything may follow the name.
  package let acceptsArguments: Bool

  /// The name, then the aliases.
  package var names: [String] { [name] + aliases }

  /// Whether `word` is its name or one of its aliases.
  func answers(to word: String) -> Bool {
    name == word || aliases.contains(word)
  }

  /// This command with `details` as its help page.
  func withDetails(_ details: String) -> CommandDescriptor {
    CommandDescriptor(
      kind: kind, name: name, aliases: aliases, synopsis: synopsis, summary: summary,
      details: details, acceptsArguments: acceptsArguments)
  }
}

/// The REPL's own commands. `CommandTable` lists them with the app's.
package enum CoreCommands {
  /// The REPL's commands `help` lists before the app's.
  package static let beforeApp: [CommandDescriptor] = [
    CommandDescriptor(
      kind: .send, name: "send", aliases: [], synopsis: "send [--trace] ACTION",
      summary: "send an action to the app's store and print what it changed",
      details: """
        ACTION is written in Swift syntax, the leading dots optional at every level; '#N' names
        the element shown at row N and is recorded as its id.
        Prints the entry number, the action and its state diff, then each action received from
        its effects with its own diff. The next command runs once those effects have finished
        (or wait on the manual clock); Ctrl-C stops waiting, Ctrl-D stops and leaves dex.
        'actions' lists what can be sent; an open bracket continues the command on the next line.
        --trace also prints the action's trace (see 'trace').
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .state, name: "state", aliases: [], synopsis: "state [--depth N] [PATH]",
      summary: "print the whole state, or the value at a path",
      details: """
        PATH walks stored properties, optionals, enum payloads, collection elements ('[N]'
        indexes the stored collection, '[id: X]' finds an element by its id) and derived values,
        with the words of action paths too (destination.presented.NAME).
        --depth N (before or after PATH) folds what is nested deeper than N levels to what
        identifies it, its id and name.
        On a terminal, output longer than the screen goes through $PAGER (default less -FRX;
        none with --no-pager); Ctrl-C stops a long print.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .diff, name: "diff", aliases: [], synopsis: "diff [N] | diff A B",
      summary: "the change made by entry N (default: the current one), or between entries A and B",
      details: """
        'diff 3' shows what entry 3 changed; 'diff 0 5' compares the initial state with the
        state after entry 5. Shows everything, long collections included.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .log, name: "log", aliases: [], synopsis: "log [--changed] [--path PATH] [PATTERN]",
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
      acceptsArguments: true),
    CommandDescriptor(
      kind: .back, name: "back", aliases: [], synopsis: "back [N]",
      summary: "step back over N sent actions (with the actions received from them)",
      details: """
        Moves the app back to before the last N sent actions, together with what their
        effects sent, and cancels running effects. Persisted shared values (files)
        get exactly this session's own change undone, so another process's change is kept;
        external entries are passed by. Sending from the past starts a new branch.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .forward, name: "forward", aliases: [], synopsis: "forward [N]",
      summary: "step forward over N sent actions on the current branch",
      details: """
        Undoes 'back': moves to after the next N sent actions of the current branch (and the
        external entries right after them), redoing this session's own changes on disk.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .jump, name: "jump", aliases: [], synopsis: "jump N",
      summary: "move to the state after entry N (0 is the initial state)",
      details: """
        Cancels running effects; persisted shared values get the change this session's own
        entries make between here and there (external entries are never undone).
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .branches, name: "branches", aliases: [], synopsis: "branches",
      summary: "list the branches time travel kept",
      details: """
        One line per branch, '* branch K …' for the current one and '  branch K …' for the
        others, with its length and the first action where it went its own way.
        """,
      acceptsArguments: false),
    CommandDescriptor(
      kind: .branch, name: "branch", aliases: [], synopsis: "branch K",
      summary: "switch to branch K",
      details: "Moves to the last entry of branch K.", acceptsArguments: true),
    CommandDescriptor(
      kind: .skip, name: "skip", aliases: [], synopsis: "skip N",
      summary: "recompute later states as if entry N had not happened",
      details: """
        Later entries are replayed through the reducers without running effects (received
        actions are replayed as recorded). 'unskip N' puts it back.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .unskip, name: "unskip", aliases: [], synopsis: "unskip N",
      summary: "recompute later states with entry N again",
      details: "The reverse of 'skip N'.", acceptsArguments: true),
  ] + debugging

  /// The REPL's commands `help` lists after the app's.
  package static let afterApp: [CommandDescriptor] = [
    CommandDescriptor(
      kind: .actions, name: "actions", aliases: [], synopsis: "actions [PATH]",
      summary: "the actions that can be sent at PATH, with labels and types",
      details: """
        'actions' lists the root's cases; 'actions PATH' those of the feature at a state path,
        spelled as state paths or as actions spell it (destination.presented.NAME); for an
        element of a collection, with the fields a binding sets (.binding(.set(\\.NAME, TYPE))).
        Inside an action, '#N' names the element shown at row N.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .tree, name: "tree", aliases: [], synopsis: "tree [--mermaid] [PATH]",
      summary: "the reducer tree of the app's features, as text or a Mermaid flowchart",
      details: """
        Read from the reducers themselves: one line per reducer, indented under the one that
        runs it, with its kind (a feature, Scope, ifLet, presentation, forEach, Reduce,
        BindingReducer), the state path and action case that reach a child, the child's feature,
        and the dependencies each feature declares with @Dependency. 'tree PATH' prints the
        subtree at a state path ('tree' shows the paths) or of a feature named by its type.
        --mermaid writes a Mermaid flowchart instead: one node per feature, an edge from each
        feature to those it contains, labelled with the state path: tree --mermaid > app.mmd.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .expect, name: "expect", aliases: [], synopsis: "expect PATH [OP VALUE]",
      summary: "check a value (in scripts, a failed expect stops the run)",
      details: """
        OP is ==, !=, <, <=, >, >= (numbers and counts), contains (an element of a collection,
        a key of a dictionary, text in a string) or is (the case only). Without OP, PATH must
        be a Bool that is true. VALUE is written as values print: [1, 2], "text", .someCase,
        true, nil, 3. Sets compare without order. A failure names the path, the expected and
        the found value.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .clock, name: "clock", aliases: [], synopsis: "clock live|immediate|manual",
      summary: "choose the clock effects sleep on",
      details: """
        live: real time. immediate: sleeps return at once. manual: time moves only with
        'advance'. Without an argument, prints the clock in use.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .advance, name: "advance", aliases: [], synopsis: "advance DURATION",
      summary: "move the manual clock forward (e.g. advance 300ms)",
      details: """
        DURATION is a number with ms, s, m or h, at most a day: 300ms, 1s, 1.5s, 2m, 1h.
        Says which sleeping effects woke, and which still sleep and until when.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .effects, name: "effects", aliases: [], synopsis: "effects",
      summary: "the effects running now: who started them, which reducer, what they wait on",
      details: """
        One line per effect still running, in the order they started: its name (e1, e2…,
        counting up per session from the first command it outlives, so a script names the
        same effects every run), the entry whose action started it, the reducer that
        returned it (as 'trace' names it), its cancel id if it has one, and what it waits
        on: 'sleeping on the manual clock until 300ms (now 0ms)', 'awaiting NAME.CALL(…)' (a
        call to a dependency set to 'manual', see 'respond') or 'running'. With 'clock manual',
        effects that sleep outlive 'send'.
        """,
      acceptsArguments: false),
    CommandDescriptor(
      kind: .cancel, name: "cancel", aliases: [], synopsis: "cancel EFFECT|all",
      summary: "cancel a running effect (e3), or all of them, as its cancel id would",
      details: """
        Cancels the effect as '.cancel(id:)' would, waits for it to end, and says so on a line
        of its own: 'cancelled e3 (started by #7)'. A cancellation is not an entry: the entry
        numbers that follow do not move. 'cancel all' cancels every running effect.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .respond, name: "respond", aliases: [], synopsis: "respond EFFECT [VALUE]",
      summary: "answer the call a running effect awaits (with a manual client)",
      details: """
        With a dependency set to manual ('dep NAME manual', for an app's dependency that has
        it) every call waits, and 'effects' shows it: 'e1 … awaiting NAME.CALL(…)'. 'respond
        e1' answers with the manual dependency's default answer; 'respond e1 VALUE' answers
        with VALUE, any value of the call's result type written as values print (like actions).
        Prints the entries the answer causes, like 'send', and returns once every effect has
        finished or waits on the manual clock or for an answer; so does 'send'. Answers may
        come in any order. 'record' writes 'respond' lines, so a recording replays.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .deps, name: "deps", aliases: [], synopsis: "deps",
      summary: "list the dependencies and their current values",
      details: "See 'dep' to change one.", acceptsArguments: false),
    CommandDescriptor(
      kind: .dep, name: "dep", aliases: [], synopsis: "dep NAME VALUE",
      summary: "override a dependency at run time",
      // The first lines, one per dependency, come from `DependencyTable`.
      details: """
        'next' queues values for the next reducers that ask (recorded scripts use it, so a
        replay makes the same UUIDs): dep uuid next 5F3C0B2E-8C1D-4E57-9A0B-12C4D8E6F001
        (the clock is set with 'clock').
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .shared, name: "shared", aliases: [], synopsis: "shared [NAME [= VALUE]]",
      summary: "list the shared values, print one, or set one",
      details: """
        NAME is the value's key as diffs show it (@Shared(NAME)); 'shared NAME' prints the
        value and, when it has them, its loadError, saveError and isLoading. Before the first entry,
        'shared NAME = VALUE' sets the starting value (scripts begin with it); later, it is an
        external entry, as if another process had written the value.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .restore, name: "restore", aliases: [], synopsis: "restore NAME",
      summary: "write the session's value of a shared value to its file (after an import)",
      details: """
        'import' opens a session with its shared values in memory and leaves their files as
        they are. 'restore NAME' writes the session's value of NAME to its file as this
        session's own change: what the file held is recorded first, as an external entry, then
        the change to the session's value as an entry of its own, which time travel undoes.
        NAME may leave out the file's extension.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .run, name: "run", aliases: [], synopsis: "run FILE",
      summary: "run a session script here",
      details: """
        One command a line; '#' comments and blank lines are ignored. A failing line is
        reported as FILE:LINE and stops the script. A relative FILE in a script is read from
        that script's directory ('run b.dex' in sub/a.dex runs sub/b.dex); at the prompt, from
        the working directory. A breakpoint hit stops the script at that line: 'continue' runs
        the rest.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .record, name: "record", aliases: ["record!"], synopsis: "record[!] [--expect] FILE",
      summary: "write the current branch as a script that replays to this state",
      details: """
        Writes one self-contained script: the starting shared values ('shared NAME = VALUE'),
        the dependencies that differ from a script's, then the sent actions with the
        dep/clock/advance commands in order, external changes as 'shared' lines, and the UUIDs
        and dates reducers made ('dep uuid next …'), so it replays to the same state, ids
        included. 'record' refuses to overwrite a file; 'record!' replaces it.
        --expect also writes, after each line that changed the state or a shared value, one
        'expect' per changed value, collections by count and the elements that came in
        ('expect PATH.count == 3', 'expect PATH contains 25'), so 'dex FILE' in CI fails at
        FILE:LINE when the app no longer does the same.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .gentest, name: "gentest", aliases: ["gentest!"], synopsis: "gentest[!] FILE",
      summary: "write the current branch as a Swift Testing test",
      details: """
        The test builds a TestStore with the session's initial state and the UUIDs and dates
        the session saw, sends each sent action with its exhaustive state assertion and
        receives each received action.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .export, name: "export", aliases: ["export!"], synopsis: "export[!] [--html] FILE",
      summary: "save the session (every branch) as JSON, or as a page with --html",
      details: """
        'export FILE' writes JSON (the format is described in README.md). 'export --html FILE'
        writes one HTML page that opens offline in a browser: the timeline with each entry's
        diff, the state after each entry, the branches, a filter and a compare of two entries.
        'export!' replaces an existing file.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .import, name: "import", aliases: [], synopsis: "import [--verify] FILE",
      summary: "load a session saved by export",
      details: """
        Replays the actions through the current reducers without running effects, with the
        UUIDs and dates each entry recorded, and reports by entry the actions that no longer
        decode and the entries that drifted. The session's shared values are put in memory;
        no file is written ('restore NAME' writes one as this session's change).
        --verify also compares the moment each entry reaches now with the one the file
        recorded, and fails unless they all match: '#N ACTION diverges' with the diff
        recorded → now for the first, the paths that differ for later ones, and the actions
        that no longer decode. 'dex --verify FILE' does the same from a shell.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .history, name: "history", aliases: [], synopsis: "history",
      summary: "the lines typed in this session, numbered; !N runs line N again",
      details: """
        Each line run in this session, numbered from 1. '!N' runs line N again (and is
        remembered as that line); '!!' runs the last one.
        """,
      acceptsArguments: false),
    CommandDescriptor(
      kind: .output, name: "output", aliases: ["output!"], synopsis: "output[!] [FILE]",
      summary: "also write what is printed to FILE; 'output' alone stops",
      details: """
        Like psql's \\o: from now on, what dex prints (not errors) is also written to FILE,
        without colour. 'output' with no file stops and closes it. 'output' refuses to
        overwrite a file; 'output!' replaces it.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .help, name: "help", aliases: ["?"], synopsis: "help [COMMAND]",
      summary: "list the commands, or explain one",
      details: """
        Without COMMAND, lists every command with a one-line summary.
        With COMMAND, shows how to write it and what it does.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .quit, name: "quit", aliases: ["exit", "q", "\\q", ".quit", ":q"], synopsis: "quit | exit",
      summary: "leave dex (Ctrl-D on an empty line does the same)",
      details: """
        Leaves dex and saves the line history. Pending changes of shared files are written
        first, waiting at most 10 s for another process's lock (Ctrl-C stops the
        wait); what could not be written is named. In a script, stops reading it; the exit status is 1 if a line failed before
        or a change could not be written, else 0.
        """,
      acceptsArguments: false),
  ]

}

/// Every command the REPL knows for `App`, in the order `help` lists them: the REPL's own with
/// the app's after `skip` and `unskip`. Help, completion, did-you-mean and every usage line read
/// this table; nothing else spells a command name or a synopsis.
package enum CommandTable<App: REPLApp> {
  package static var commands: [CommandDescriptor] {
    parts.joined().map(withAppHelp)
  }

  /// The REPL's commands with the app's after `skip` and `unskip`, in the order help lists them.
  private static var parts: [[CommandDescriptor]] {
    [CoreCommands.beforeApp, App.commands.map(\.descriptor), CoreCommands.afterApp]
  }

  /// The command's help with what the app adds: `dep`'s lists the app's dependencies first,
  /// and a page the app has examples for ends with them (`REPLApp.helpExamples`).
  private static func withAppHelp(_ command: CommandDescriptor) -> CommandDescriptor {
    var details = command.details
    if command.kind == .dep {
      details = DependencyTable<App>.helpLines.joined(separator: "\n") + "\n" + details
    }
    if let examples = App.helpExamples[command.name], !examples.isEmpty {
      details += "\nFor example:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
    }
    return details == command.details ? command : command.withDetails(details)
  }

  /// How the command of `kind` is written, for usage lines.
  package static func synopsis(of kind: CommandKind) -> String {
    commands.first { $0.kind == kind }?.synopsis ?? ""
  }

  /// Every name and alias, in table order.
  package static var allNames: [String] { commands.flatMap(\.names) }

  /// The command answering to `name` exactly (names are case-sensitive).
  package static func command(named name: String) -> CommandDescriptor? {
    // Every line of a script looks its command up: only the found one gets the app's help.
    parts.lazy.joined().first { $0.answers(to: name) }.map(withAppHelp)
  }

  /// The name `word` was probably meant to be, if one is close enough.
  package static func suggestion(for word: String) -> String? {
    word.closestMatch(in: allNames.filter { $0.count > 1 && ($0.first?.isLetter ?? false) })
  }

  /// Completion for the REPL's line: command names in the first word, and after `help`.
  package static func completions(line: String, wordStart: Int, word: String) -> [String] {
    let wordsBefore = line.prefix(wordStart).split(whereSeparator: \.isWhitespace)
    let completesCommandName =
      wordsBefore.isEmpty || (wordsBefore.count == 1 && wordsBefore[0] == "help")
    guard completesCommandName else { return [] }
    return allNames.filter {
      // Aliases of one letter or in other REPLs' spellings (`q`, `\\q`, `?`) are typed, not offered.
      $0.hasPrefix(word) && !$0.hasSuffix("!") && ($0.first?.isLetter ?? false) && $0.count > 1
    }
  }
}
