// The debugging commands: trace, step through, watch, break, bisect, hide.
extension REPLCommand {
  /// The debugging commands, in the order `help` lists them.
  static var debuggingCommands: [REPLCommand] {
    [trace, step, next, watch, unwatch, `break`, breaks, `continue`, abort, bisect, hide, unhide]
  }

  /// `trace`: the reducers entry N's action went through, and what each changed.
  static var trace: REPLCommand {
    REPLCommand(
      name: "trace", synopsis: "trace [N]",
      summary: "the reducers entry N's action went through, and what each changed",
      details: """
        For entry N (default: the current one), replays its action on the state before it, with
        the values it recorded, through the app's reducer tree and prints every reducer it went
        into, nested as they ran (the root feature, Scope(NAME) › its child's feature, Reduce…),
        with the part of the state each changed itself and the effects it returned (run, sends
        ACTION, cancels ID, with their cancellation ids). Then 'changed by:' names the reducers
        that changed something with their state path, and 'reached, changed nothing:' the
        reducers with logic of their own that changed nothing. Nothing of the session changes.
        'send --trace ACTION' sends an action and prints its trace.
        """,
      acceptsArguments: true,
      section: .debugging, changesTheApp: false
    ) { repl, call throws(REPLError) in try repl.trace(call) }
  }

  /// `step`: go through an action one reducer at a time before sending it.
  static var step: REPLCommand {
    REPLCommand(
      name: "step", synopsis: "step ACTION",
      summary: "go through an action one reducer at a time before sending it",
      details: """
        Runs ACTION (written as for 'send') on a copy of the app up to its first reducer with
        logic of its own and prints that reducer's location, what it changed and its effects.
        Then 'next' runs the next reducer, 'state PATH' reads the state as it is there,
        'continue' sends the action for real (as 'send' does), 'abort' drops it and leaves the
        app as it was. 'next' after the last reducer sends it too.
        """,
      acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.actionArgument(place) }
    ) { repl, call throws(REPLError) in try repl.step(call) }
  }

  /// `next`: during 'step', run the next reducer.
  static var next: REPLCommand {
    REPLCommand(
      name: "next", synopsis: "next",
      summary: "during 'step', run the next reducer",
      details: "See 'step'.", acceptsArguments: false,
      section: .debugging, changesTheApp: false
    ) { repl, call throws(REPLError) in try repl.nextStep() }
  }

  /// `watch`: print PATH's old and new value whenever an entry changes it.
  static var watch: REPLCommand {
    REPLCommand(
      name: "watch", synopsis: "watch [PATH]",
      summary: "print PATH's old and new value whenever an entry changes it",
      details: """
        From now on, every entry that changes the value at PATH (sent, received, external,
        replayed by a script, passed by 'forward', recomputed by 'skip'/'unskip', brought by
        'import'; 'back' prints none) prints one line after it,
        'watch PATH: OLD → NEW (#N ACTION)'. A path that does not resolve (a nil optional, an enum in another case) has no value,
        shown as (no value). 'watch' alone lists the watched paths; 'unwatch' removes them.
        """,
      acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.pathArgument(place) }
    ) { repl, call throws(REPLError) in try repl.watch(call) }
  }

  /// `unwatch`: stop watching PATH (all: every path).
  static var unwatch: REPLCommand {
    REPLCommand(
      name: "unwatch", synopsis: "unwatch PATH|all",
      summary: "stop watching PATH (all: every path)",
      details: "See 'watch'.", acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.pathArgument(place) }
    ) { repl, call throws(REPLError) in try repl.unwatch(call) }
  }

  /// `break`: stop right after the entry where a condition starts to hold or an action matches.
  static var `break`: REPLCommand {
    REPLCommand(
      name: "break", synopsis: "break when EXPECTATION | on PATTERN | delete N",
      summary: "stop right after the entry where a condition starts to hold or an action matches",
      details: """
        'break when EXPECTATION' (anything 'expect' accepts) hits at the entry after which the
        expectation holds and did not before; 'break on PATTERN' hits at every entry whose
        action matches a case pattern (the payload optional: a case written without its
        payload matches every value of it). A hit prints 'break #N: CONDITION (breakpoint K)' and gives the prompt back
        there: a running 'run FILE' stops at that line ('run FILE stopped at line N; 'continue'
        runs the rest'; in a script, the next line is that prompt), and the effects still
        running are held, with the actions they would send, until 'continue' (delivers them,
        then runs the rest of the stopped file) or 'abort' (drops them; the file stays
        stopped). 'forward' stops at the entry
        that hits, and 'skip'/'unskip' (after recomputing) at the first recomputed one up to
        where you were: 'continue' goes on with the move, 'abort' stays. A hit never changes
        the exit status. 'breaks' lists the breakpoints, 'break delete N' removes one.
        """,
      acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.breakArgument(place) }
    ) { repl, call throws(REPLError) in try repl.breakpoint(call) }
  }

  /// `breaks`: list the breakpoints.
  static var breaks: REPLCommand {
    REPLCommand(
      name: "breaks", synopsis: "breaks",
      summary: "list the breakpoints",
      details: "One line per breakpoint: its number and condition. See 'break'.",
      acceptsArguments: false,
      section: .debugging, changesTheApp: false
    ) { repl, call throws(REPLError) in repl.breaks() }
  }

  /// `continue`: send the action 'step' goes through, or deliver what a breakpoint hit holds.
  static var `continue`: REPLCommand {
    REPLCommand(
      name: "continue", synopsis: "continue",
      summary: "send the action 'step' goes through, or deliver what a breakpoint hit holds",
      details: """
        During 'step', sends the action for real. After a breakpoint hit, the held effects run
        and their actions are processed and printed (see 'break'); a move through history a
        hit stopped goes on where it was going, checking the entries it passes. Then the rest
        of a 'run FILE' the hit stopped runs (of each file of a nested run, innermost first),
        until it ends or hits again. At the prompt 'dex --debug' opened, then resumes the
        script.
        """,
      acceptsArguments: false,
      section: .debugging, changesTheApp: { _ in false },
      outcome: { repl, call throws(REPLError) in try repl.continueAfterBreak() })
  }

  /// `abort`: drop the action 'step' goes through, or the effects a breakpoint hit holds.
  static var abort: REPLCommand {
    REPLCommand(
      name: "abort", synopsis: "abort",
      summary: "drop the action 'step' goes through, or the effects a breakpoint hit holds",
      details: """
        During 'step', the action is not sent and the app stays as it was. After a breakpoint
        hit, every effect in flight is cancelled (one 'cancelled e2 (started by #3)' line each)
        and the rest of a stopped move dropped; the state stays where the hit was. A 'run FILE'
        the hit stopped stays stopped: 'continue' still runs the rest.
        """,
      acceptsArguments: false,
      section: .debugging, changesTheApp: false
    ) { repl, call throws(REPLError) in try repl.abortAfterBreak() }
  }

  /// `bisect`: find the first entry of the branch after which an expectation fails.
  static var bisect: REPLCommand {
    REPLCommand(
      name: "bisect", synopsis: "bisect EXPECTATION",
      summary: "find the first entry of the branch after which an expectation fails",
      details: """
        The expectation (anything 'expect' accepts) must hold at #0 and fail at the current
        entry. Searches the entries between by halving, computing only the states it needs
        (from the nearest stored state), and prints 'first bad: #N ACTION' with the number of
        states it computed and that entry's trace. You stay where you were; the result never
        changes the exit status.
        """,
      acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.pathArgument(place) }
    ) { repl, call throws(REPLError) in try repl.bisect(call) }
  }

  /// `hide`: stop printing the entries whose action matches PATTERN.
  static var hide: REPLCommand {
    REPLCommand(
      name: "hide", synopsis: "hide [PATTERN]",
      summary: "stop printing the entries whose action matches PATTERN",
      details: """
        Entries whose action matches the case pattern are processed and recorded as usual, but
        not printed ('log' still lists them). 'hide' alone lists the patterns; 'unhide' prints
        them again.
        """,
      acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.actionArgument(place) }
    ) { repl, call throws(REPLError) in try repl.hide(call) }
  }

  /// `unhide`: print the entries 'hide' hid again (every pattern without one).
  static var unhide: REPLCommand {
    REPLCommand(
      name: "unhide", synopsis: "unhide [PATTERN]",
      summary: "print the entries 'hide' hid again (every pattern without one)",
      details: "See 'hide'.", acceptsArguments: true,
      section: .debugging, changesTheApp: false,
      complete: { completer, place in completer.actionArgument(place) }
    ) { repl, call throws(REPLError) in try repl.unhide(call) }
  }
}

// MARK: - Completing them

extension Completer {
  /// `break`'s first word, then the path after `when` or the pattern after `on`.
  func breakArgument(_ place: CompletionPlace) -> [String] {
    let before = place.wordsBefore
    guard before.count >= 2 else { return options(["when", "on", "delete"], place) }
    appendsSpace = false
    if before[1] == "when" { return before.count == 2 ? statePaths(place.word) : [] }
    guard before[1] == "on" else { return [] }
    let pattern = place.argument.drop { !$0.isWhitespace }.drop { $0.isWhitespace }
    return actions(String(pattern), word: place.word)
  }
}
