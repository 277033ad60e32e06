import StoreInspector

// send: acting on the app.
extension REPL {
  func send(_ arguments: String) throws(REPLError) {
    let traceOption = "--trace"
    let traces = arguments == traceOption || arguments.hasPrefix(traceOption + " ")
    let action = try ActionParser<App.Feature.Action>.parse(
      traces ? String(arguments.dropFirst(traceOption.count)) : arguments,
      synopsis: synopsis(.send),
      row: { path, index throws(REPLError) in try rowID(path, index) })
    try session.refuseWhileHolding(command: "send")
    let entry = session.send(action)
    if traces, let entry { try printTrace(entry) }
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
      throw .failed(
        Problem(
          subject: "#\(index)",
          "dex does not know which rows .\(names.joined(separator: "(.")) refers to",
          hint: "write the id"))
    }
    let id: Any
    do {
      id = try StoreInspector.value(
        at: StatePath(parsing: "\(statePath)[\(index)].id"), in: session.store.state)
    } catch {
      throw .failed(Problem(subject: "#\(index)", "\(error)"))
    }
    return inspectorDump(id, maxWidth: .max)
  }
}
