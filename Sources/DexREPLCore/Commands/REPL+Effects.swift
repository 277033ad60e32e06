import Composable
import StoreInspector

// effects, cancel, respond.
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
    let chosen =
      arguments == "all"
      ? session.runningEffects() : [try runningEffect(named: arguments, command: "cancel")]
    session.cancel(chosen)
    let lines = chosen.isEmpty
      ? ["No effects running."]
      : chosen.map { "cancelled \($0.name) (started by #\($0.startedBy.number))" }
    let json = chosen.map { effect -> JSONValue in
      .object([
        .init("effect", .string(effect.name)),
        .init("startedBy", .number(String(effect.startedBy.number))),
      ])
    }
    let item = OutputItem(
      type: "cancelled", text: lines.joined(separator: "\n"),
      members: [.init("effects", .array(json))])
    session.command { page(item) }
  }

  /// `respond EFFECT [VALUE]`: answers the call the effect awaits, with VALUE or what the
  /// dependency would have answered, and prints the entries that follow.
  func respond(_ arguments: String) throws(REPLError) {
    let text = arguments.trimmingWhitespace()
    let name = String(text.prefix { !$0.isWhitespace })
    guard !name.isEmpty else {
      throw .badArguments(
        command: "respond", problem: "name the effect that awaits an answer (e3), then the answer",
        synopsis: synopsis(.respond))
    }
    try session.refuseWhileHolding()
    let effect = try runningEffect(named: name, command: "respond")
    guard let call = effect.call else {
      throw .failed(
        Problem(
          subject: "respond", "\(name) is not awaiting an answer (it is \(effect.waitsOn))",
          hint: "only an effect listed as 'awaiting …' takes one (dep NAME manual)."))
    }
    let valueText = String(text.dropFirst(name.count)).trimmingWhitespace()
    let answer = valueText.isEmpty ? nil : try Self.answer(valueText, to: call)
    session.rememberScriptCommand("respond \(name)" + (valueText.isEmpty ? "" : " \(valueText)"))
    guard session.respond(to: effect, with: answer.map { Result.success($0) }) else {
      throw .failed(Problem(subject: "respond", "\(name) was answered or ended meanwhile"))
    }
    session.noteOutlivingEffects()
  }

  /// The running effect called `name` (`e3`), or the one-line error `command` says without one.
  private func runningEffect(
    named name: String, command: String
  ) throws(REPLError) -> DexSession<App>.EffectListing {
    guard let effect = session.runningEffects().first(where: { $0.name == name }) else {
      throw .failed(
        Problem(subject: command, "no effect \(name) is running", hint: "'effects' lists them."))
    }
    return effect
  }

  /// The answer `text` writes for `call`: a value of its result type, read like an action.
  private static func answer(_ text: String, to call: PendingCall) throws(REPLError) -> any Sendable {
    let literal: Literal
    do {
      literal = try LiteralParser.parse(text)
    } catch {
      throw .failed(Problem(subject: "respond", "cannot read the answer", reason: "\(error)"))
    }
    do {
      return try LiteralDecoder.decode(call.answerType, from: literal)
    } catch {
      throw .failed(
        Problem(
          subject: "respond", "not a \(call.answerTypeName)", reason: describeDecodingError(error),
          hint: "answer like respond e1 .failure(…) or .success(…)."))
    }
  }
}
