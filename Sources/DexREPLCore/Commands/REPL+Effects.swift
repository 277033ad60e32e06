import StoreInspector

// effects, cancel.
extension REPL {
  /// `effects`: the effects running now, one line each.
  func effects() {
    let running = session.runningEffects()
    let lines = running.isEmpty
      ? ["No effects running."]
      : running.map { effect in
        var line = "\(effect.name)  started by #\(effect.startedBy.number)"
        if !effect.cancelIDs.isEmpty {
          line += "  cancel id " + effect.cancelIDs.joined(separator: ", ")
        }
        return line + "  " + effect.waitsOn
      }
    let json = running.map { effect -> JSONValue in
      .object([
        .init("effect", .string(effect.name)),
        .init("startedBy", .number(String(effect.startedBy.number))),
        .init("cancelIDs", .array(effect.cancelIDs.map { .string($0) })),
        .init("waitsOn", .string(effect.waitsOn)),
      ])
    }
    let item = OutputItem(
      type: "effects", text: lines.joined(separator: "\n"), members: [.init("effects", .array(json))])
    session.command { page(item) }
  }

  /// `cancel EFFECT|all`: cancels one running effect, or every one, and says which.
  func cancel(_ arguments: String) throws(REPLError) {
    guard !arguments.isEmpty, !arguments.contains(where: \.isWhitespace) else {
      throw .badArguments(
        command: "cancel", problem: "name one effect (e3) or 'all'", synopsis: synopsis(.cancel))
    }
    let running = session.runningEffects()
    let chosen = arguments == "all" ? running : running.filter { $0.name == arguments }
    guard !chosen.isEmpty || arguments == "all" else {
      throw .failed(
        Problem(
          subject: "cancel", "no effect \(arguments) is running", hint: "'effects' lists them."))
    }
    session.cancel(chosen)
    session.command { page(cancelledItem(chosen)) }
  }

  /// `cancelled e2 (started by #3)`, one line each (`No effects running.` when none); as JSON
  /// `{"type":"cancelled","effects":[{"effect":"e2","startedBy":3}]}`.
  func cancelledItem(_ effects: [DexSession<App>.EffectListing]) -> OutputItem {
    let lines = effects.isEmpty
      ? ["No effects running."]
      : effects.map { "cancelled \($0.name) (started by #\($0.startedBy.number))" }
    let json = effects.map { effect -> JSONValue in
      .object([
        .init("effect", .string(effect.name)),
        .init("startedBy", .number(String(effect.startedBy.number))),
      ])
    }
    return OutputItem(
      type: "cancelled", text: lines.joined(separator: "\n"),
      members: [.init("effects", .array(json))])
  }
}
