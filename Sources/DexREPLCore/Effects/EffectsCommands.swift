import Composable
import Foundation
import StoreInspector

// effects, cancel, respond.
extension REPL {
  /// `effects`: the effects running now, one line each.
  func effects() {
    let running = session.locatedRunningEffects()
    let lines = running.isEmpty
      ? ["No effects running."]
      : running.map { effect in
        var line = "\(effect.name)  started by #\(effect.startedBy.number)"
        if let reducer = effect.reducer { line += " in " + reducer.locatedText }
        if !effect.cancelIDs.isEmpty {
          line += "  cancel id " + effect.cancelIDs.joined(separator: ", ")
        }
        return line + "  " + effect.waitsOn
      }
    let json = running.map { effect -> JSONValue in
      .object([
        .init("effect", .string(effect.name)),
        .init("startedBy", .number(String(effect.startedBy.number))),
        .init("location", effect.reducer.map { .string($0.locationText) } ?? .null),
        .init("source", effect.reducer?.node.source.map { .string($0.description) } ?? .null),
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
        command: "cancel", problem: "name one effect as 'effects' lists it (e1, e2…) or 'all'", synopsis: synopsis(.cancel))
    }
    let chosen =
      arguments == "all"
      ? session.runningEffects() : [try runningEffect(named: arguments, command: "cancel")]
    let cancelled = session.newlyCancelled(chosen)
    if arguments != "all", cancelled.isEmpty, let hit = session.debugger.holding {
      throw .failed(
        Problem(
          subject: "cancel", "\(arguments) is cancelled already",
          reason: "it ends when break #\(hit.entry) lets the held effects run",
          hint: "'continue' or 'abort'."))
    }
    if session.debugger.holding != nil {
      session.rememberHeldCancellation(by: "cancel \(arguments)", of: cancelled)
    } else if arguments == "all" {
      session.rememberScriptCommand(.cancelAll)
    } else {
      for effect in cancelled {
        session.rememberScriptCommand(naming: effect) { .cancel(effect: $0) }
      }
    }
    session.cancel(cancelled)
    session.command { page(cancelledItem(cancelled)) }
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

  /// After a command: the named effects it cancelled (a cancel id, a history move), then the
  /// effects that outlive it, numbered now so that their names never depend on whether anyone
  /// listed them; on a terminal one line says which (`2 effects running: e3 e4`).
  func reportEffects() {
    let cancelled = session.newlyCancelled(session.takeCancelledEffects())
    if !cancelled.isEmpty { session.command { page(cancelledItem(cancelled)) } }
    let gone = Set(cancelled.map(\.taskID))
    let running = session.runningEffects().filter { !gone.contains($0.taskID) }
    guard !running.isEmpty, session.settings.isInteractive, isatty(STDOUT_FILENO) == 1 else {
      return
    }
    let count = running.count == 1 ? "1 effect" : "\(running.count) effects"
    let state = session.debugger.holding?.heldText ?? "running"
    session.command { print("\(count) \(state): " + running.map(\.name).joined(separator: " ")) }
  }

  /// `respond EFFECT [VALUE]`: answers the call the effect awaits, with VALUE or what the
  /// dependency would have answered, and prints the entries that follow.
  func respond(_ arguments: String) throws(REPLError) {
    let text = arguments.trimmingWhitespace()
    let name = String(text.prefix { !$0.isWhitespace })
    guard !name.isEmpty else {
      throw .badArguments(
        command: "respond", problem: "name the effect that awaits an answer as 'effects' lists it (e1, e2…), then the answer",
        synopsis: synopsis(.respond))
    }
    try session.refuseWhileHolding(command: "respond")
    let effect = try runningEffect(named: name, command: "respond")
    guard let call = effect.call else {
      throw .failed(
        Problem(
          subject: "respond", "\(name) is not awaiting an answer", reason: "it is \(effect.waitsOn)",
          hint: "only an effect listed as 'awaiting …' takes one (dep NAME manual)."))
    }
    let valueText = String(text.dropFirst(name.count)).trimmingWhitespace()
    let answer = valueText.isEmpty ? nil : try Self.answer(valueText, to: call)
    session.rememberScriptCommand(naming: effect) { .respond(effect: $0, answer: answer?.literal) }
    guard session.respond(to: effect, with: answer.map { Result.success($0.value) }) else {
      throw .failed(Problem(subject: "respond", "\(name) was answered or ended meanwhile"))
    }
    reportEffects()
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

  /// The answer `text` writes for `call`: a value of its result type, read like an action
  /// (the leading dots optional), and the literal it was read from, which `record` writes.
  private static func answer(
    _ text: String, to call: PendingCall
  ) throws(REPLError) -> (value: any Sendable, literal: Literal) {
    let source = try ActionSpelling.normalized(text, row: ActionSpelling.noRow)
    let literal: Literal
    do {
      literal = try LiteralParser.parse(source)
    } catch {
      throw .failed(Problem(subject: "respond", "cannot read the answer", reason: "\(error)"))
    }
    do {
      return (try LiteralDecoder.decode(call.answerType, from: literal), literal)
    } catch {
      throw .failed(
        Problem(
          subject: "respond", "not a \(call.answerTypeName)", reason: describeDecodingError(error),
          hint: "answer with .failure(…) or .success(…)."))
    }
  }
}
