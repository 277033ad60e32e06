// The debugging commands' entries in the command table: trace, watch, break, bisect, hide.
extension CoreCommands {
  static let debugging: [CommandDescriptor] = [
    CommandDescriptor(
      kind: .trace, name: "trace", aliases: [], synopsis: "trace [N]",
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
      acceptsArguments: true),
    CommandDescriptor(
      kind: .step, name: "step", aliases: [], synopsis: "step ACTION",
      summary: "go through an action one reducer at a time before sending it",
      details: """
        Runs ACTION (written as for 'send') on a copy of the app up to its first reducer with
        logic of its own and prints that reducer's location, what it changed and its effects.
        Then 'next' runs the next reducer, 'state PATH' reads the state as it is there,
        'continue' sends the action for real (as 'send' does), 'abort' drops it and leaves the
        app as it was. 'next' after the last reducer sends it too.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .next, name: "next", aliases: [], synopsis: "next",
      summary: "during 'step', run the next reducer",
      details: "See 'step'.", acceptsArguments: false),
    CommandDescriptor(
      kind: .watch, name: "watch", aliases: [], synopsis: "watch [PATH]",
      summary: "print PATH's old and new value whenever an entry changes it",
      details: """
        From now on, every entry that changes the value at PATH (sent, received, external,
        replayed by a script, passed by 'forward', recomputed by 'skip'/'unskip', brought by
        'import'; 'back' prints none) prints one line after it,
        'watch PATH: OLD → NEW (#N ACTION)'. A path that does not resolve (a nil optional, an enum in another case) has no value,
        shown as (no value). 'watch' alone lists the watched paths; 'unwatch' removes them.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .unwatch, name: "unwatch", aliases: [], synopsis: "unwatch PATH|all",
      summary: "stop watching PATH (all: every path)",
      details: "See 'watch'.", acceptsArguments: true),
    CommandDescriptor(
      kind: .break, name: "break", aliases: [], synopsis: "break when EXPECTATION | on PATTERN | delete N",
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
      acceptsArguments: true),
    CommandDescriptor(
      kind: .breaks, name: "breaks", aliases: [], synopsis: "breaks",
      summary: "list the breakpoints",
      details: "One line per breakpoint: its number and condition. See 'break'.",
      acceptsArguments: false),
    CommandDescriptor(
      kind: .continue, name: "continue", aliases: [], synopsis: "continue",
      summary: "send the action 'step' goes through, or deliver what a breakpoint hit holds",
      details: """
        During 'step', sends the action for real. After a breakpoint hit, the held effects run
        and their actions are processed and printed (see 'break'); a move through history a
        hit stopped goes on where it was going, checking the entries it passes. Then the rest
        of a 'run FILE' the hit stopped runs (of each file of a nested run, innermost first),
        until it ends or hits again. At the prompt 'dex --debug' opened, then resumes the
        script.
        """,
      acceptsArguments: false),
    CommandDescriptor(
      kind: .abort, name: "abort", aliases: [], synopsis: "abort",
      summary: "drop the action 'step' goes through, or the effects a breakpoint hit holds",
      details: """
        During 'step', the action is not sent and the app stays as it was. After a breakpoint
        hit, every effect in flight is cancelled (one 'cancelled e2 (started by #3)' line each)
        and the rest of a stopped move dropped; the state stays where the hit was. A 'run FILE'
        the hit stopped stays stopped: 'continue' still runs the rest.
        """,
      acceptsArguments: false),
    CommandDescriptor(
      kind: .bisect, name: "bisect", aliases: [], synopsis: "bisect EXPECTATION",
      summary: "find the first entry of the branch after which an expectation fails",
      details: """
        The expectation (anything 'expect' accepts) must hold at #0 and fail at the current
        entry. Searches the entries between by halving, computing only the states it needs
        (from the nearest stored state), and prints 'first bad: #N ACTION' with the number of
        states it computed and that entry's trace. You stay where you were; the result never
        changes the exit status.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .hide, name: "hide", aliases: [], synopsis: "hide [PATTERN]",
      summary: "stop printing the entries whose action matches PATTERN",
      details: """
        Entries whose action matches the case pattern are processed and recorded as usual, but
        not printed ('log' still lists them). 'hide' alone lists the patterns; 'unhide' prints
        them again.
        """,
      acceptsArguments: true),
    CommandDescriptor(
      kind: .unhide, name: "unhide", aliases: [], synopsis: "unhide [PATTERN]",
      summary: "print the entries 'hide' hid again (every pattern without one)",
      details: "See 'hide'.", acceptsArguments: true),
  ]
}
