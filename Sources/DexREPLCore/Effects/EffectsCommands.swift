import Composable
import Foundation
import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// The commands over running effects, in the order `help` lists them.
  static var effectCommands: [REPLCommand] {
    [effects, cancel, respond]
  }

  /// `effects`: the effects running now: who started them, which reducer, what they wait on.
  static var effects: REPLCommand {
    REPLCommand(
      name: "effects", synopsis: "effects",
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
      acceptsArguments: false,
      section: .effects, changesTheApp: false
    ) { repl, call throws(REPLError) in repl.effects() }
  }

  /// `cancel`: cancel a running effect (e3), or all of them, as its cancel id would.
  static var cancel: REPLCommand {
    REPLCommand(
      name: "cancel", synopsis: "cancel EFFECT|all",
      summary: "cancel a running effect (e3), or all of them, as its cancel id would",
      details: """
        Cancels the effect as '.cancel(id:)' would, waits for it to end, and says so on a line
        of its own: 'cancelled e3 (started by #7)'. A cancellation is not an entry: the entry
        numbers that follow do not move. 'cancel all' cancels every running effect.
        """,
      acceptsArguments: true,
      section: .effects, changesTheApp: true,
      complete: { completer, place in completer.cancelArgument(place) }
    ) { repl, call throws(REPLError) in try repl.cancel(call) }
  }

  /// `respond`: answer the call a running effect awaits (with a manual client).
  static var respond: REPLCommand {
    REPLCommand(
      name: "respond", synopsis: "respond EFFECT [VALUE]",
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
      acceptsArguments: true,
      section: .effects, changesTheApp: true,
      complete: { completer, place in completer.respondArgument(place) }
    ) { repl, call throws(REPLError) in try repl.respond(call) }
  }
}

// MARK: - Running them

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
    console.page(item)
  }

  /// `cancel EFFECT|all`: cancels one running effect, or every one, and says which.
  func cancel(_ call: CommandCall) throws(REPLError) {
    guard !call.arguments.isEmpty, !call.arguments.contains(where: \.isWhitespace) else {
      throw call.refusal(.effectNeeded)
    }
    let chosen =
      call.arguments == "all"
      ? session.runningEffects() : [try runningEffect(named: call.arguments, command: "cancel")]
    let cancelled = session.newlyCancelled(chosen)
    if call.arguments != "all", cancelled.isEmpty, let hit = session.debugger.holding {
      throw .failed(.cancelledAlready(effect: call.arguments, entry: hit.entry))
    }
    if session.debugger.holding != nil {
      session.rememberHeldCancellation(by: "cancel \(call.arguments)", of: cancelled)
    } else if call.arguments == "all" {
      session.rememberScriptCommand(.cancelAll)
    } else {
      for effect in cancelled {
        session.rememberScriptCommand(naming: effect) { .cancel(effect: $0) }
      }
    }
    session.cancel(cancelled)
    console.page(cancelledItem(cancelled))
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
    if !cancelled.isEmpty { console.page(cancelledItem(cancelled)) }
    let gone = Set(cancelled.map(\.taskID))
    let running = session.runningEffects().filter { !gone.contains($0.taskID) }
    guard !running.isEmpty, session.settings.isInteractive, isatty(STDOUT_FILENO) == 1 else {
      return
    }
    let count = running.count == 1 ? "1 effect" : "\(running.count) effects"
    let state = session.debugger.holding?.heldText ?? "running"
    console.print("\(count) \(state): " + running.map(\.name).joined(separator: " "))
  }

  /// `respond EFFECT [VALUE]`: answers the call the effect awaits, with VALUE or what the
  /// dependency would have answered, and prints the entries that follow.
  func respond(_ call: CommandCall) throws(REPLError) {
    let text = call.arguments.trimmingWhitespace()
    let name = String(text.prefix { !$0.isWhitespace })
    guard !name.isEmpty else {
      throw call.refusal(.effectAndAnswerNeeded)
    }
    try session.refuseWhileHolding(command: "respond")
    let effect = try runningEffect(named: name, command: "respond")
    guard let call = effect.call else {
      throw .failed(.notAwaiting(effect: name, waitsOn: effect.waitsOn))
    }
    let valueText = String(text.dropFirst(name.count)).trimmingWhitespace()
    let answer = valueText.isEmpty ? nil : try Self.answer(valueText, to: call)
    session.rememberScriptCommand(naming: effect) { .respond(effect: $0, answer: answer?.literal) }
    guard session.respond(to: effect, with: answer.map { Result.success($0.value) }) else {
      throw .failed(.answeredMeanwhile(effect: name))
    }
    reportEffects()
  }

  /// The running effect called `name` (`e3`), or the one-line error `command` says without one.
  private func runningEffect(
    named name: String, command: String
  ) throws(REPLError) -> DexSession<App>.EffectListing {
    guard let effect = session.runningEffects().first(where: { $0.name == name }) else {
      throw .failed(.noSuchEffect(command: command, effect: name))
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
      throw .failed(.unreadableAnswer(reason: "\(error)"))
    }
    do {
      return (try LiteralDecoder.decode(call.answerType, from: literal), literal)
    } catch {
      throw .failed(.notAnAnswer(type: call.answerTypeName, reason: describeDecodingError(error)))
    }
  }
}

// MARK: - Completing them

extension Completer {
  /// `cancel`'s effect: a running one, or `all`.
  func cancelArgument(_ place: CompletionPlace) -> [String] {
    guard place.wordsBefore.count == 1 else { return [] }
    return options(["all"] + session.runningEffects().map(\.name), place)
  }

  /// `respond`'s effect (one that awaits a call), then the start of its answer.
  func respondArgument(_ place: CompletionPlace) -> [String] {
    let before = place.wordsBefore
    let awaiting = session.runningEffects().filter { $0.call != nil }
    guard before.count == 1 else {
      appendsSpace = false
      guard before.count == 2, awaiting.contains(where: { $0.name == before[1] }) else {
        return []
      }
      return options([".success(", ".failure("], place)
    }
    return options(awaiting.map(\.name), place)
  }
}
