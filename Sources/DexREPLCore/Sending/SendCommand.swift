import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// The commands that act on the app, in the order `help` lists them.
  static var sendingCommands: [REPLCommand] {
    [send]
  }

  /// `send`: send an action to the app's store and print what it changed.
  static var send: REPLCommand {
    REPLCommand(
      name: "send", synopsis: "send [--trace] ACTION",
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
      acceptsArguments: true,
      section: .sending, changesTheApp: true,
      complete: { completer, place in
        place.isFirstOption
          ? completer.options(["--trace"], place) : completer.actionArgument(place, after: "--trace")
      }
    ) { repl, call throws(REPLError) in try repl.send(call) }
  }
}

// MARK: - Running them

// send: acting on the app.
extension REPL {
  func send(_ call: CommandCall) throws(REPLError) {
    let traceOption = "--trace"
    let traces = call.arguments == traceOption || call.arguments.hasPrefix(traceOption + " ")
    let action = try ActionParser<App.Feature.Action>.parse(
      traces ? String(call.arguments.dropFirst(traceOption.count)) : call.arguments,
      synopsis: call.synopsis,
      row: { path, index throws(REPLError) in try rowID(path, index) })
    try session.refuseWhileHolding(command: "send")
    if traces {
      if let traced = session.sendTraced(action) { printTrace(traced) }
    } else {
      session.send(action)
    }
    reportEffects()
  }

  /// The id, as an action spells it, of the element at row `index` of the collection the case
  /// names `path` stand for: `.element` rows are those of the collection the cases before it
  /// name (`team.members`), shown as the app says (`team.displayedMembers`).
  func rowID(_ path: [String], _ index: Int) throws(REPLError) -> String {
    let names = path.filter { !$0.isEmpty }
    let actionPath = (names.last == ActionPath.element ? names.dropLast() : names[...])
      .filter { $0 != ActionPath.presented }.joined(separator: ".")
    guard let statePath = App.displayedRows(forActionPath: actionPath)
      ?? (names.last == ActionPath.element ? actionPath : nil)
    else {
      throw .failed(.rowsUnknown(index: index, names: names))
    }
    let id: Any
    do {
      id = try StoreInspector.value(
        at: StatePath(parsing: "\(statePath)[\(index)].id"), in: session.store.state)
    } catch {
      throw .failed(.because(subject: "#\(index)", words: "\(error)"))
    }
    return inspectorDump(id, maxWidth: .max)
  }
}
