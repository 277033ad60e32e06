import StoreInspector

/// A command `record` writes besides sends (dep, clock, advance, respond, cancel), after the
/// entry current when it was typed. It is kept as what it does, not as text: `record` writes
/// the line from those parts, so a line holds one command and nothing else. One that names an
/// effect keeps the session's number of it, so that `record` can write the name the replay
/// gives that effect.
struct ScriptCommand {
  /// What a command does, in the parts its line is written from.
  enum Command: Equatable {
    /// `clock manual`.
    case clock(ClockMode)
    /// `advance 300ms`.
    case advance(Duration)
    /// `dep apiClient manual`: the dependency and its value as `deps` shows it.
    case dependency(name: String, value: String)
    /// `cancel all`.
    case cancelAll
    /// `cancel e3`, the session's number of the effect.
    case cancel(effect: Int)
    /// `respond e3 .failure(…)`, the session's number of the effect and the answer (nil for
    /// what the dependency would have answered).
    case respond(effect: Int, answer: Literal?)
  }

  /// The entry current when the command was typed.
  let after: EntryID
  /// The head of the branch when it was typed in the past (nil at the head): the entries up to
  /// there were made before the command, so a replay going on through them runs it after them.
  var head: EntryID?
  /// What the command does.
  let command: Command
  /// The call a `respond` answered (`apiClient.page(offset: 0, limit: 20)`), for `gentest`;
  /// nil when not known (a command read from a session file).
  var call: String?

  init(after: EntryID, head: EntryID? = nil, _ command: Command, call: String? = nil) {
    self.after = after
    self.head = head
    self.command = command
    self.call = call
  }

  /// The session's number of the effect the command names (3 for `e3`), nil when it names none.
  var effect: Int? {
    switch command {
    case .cancel(let effect), .respond(let effect, _): effect
    case .clock, .advance, .dependency, .cancelAll: nil
    }
  }

  /// The entry a replay runs it after: the head it was typed under, when the replayed entries
  /// (`replayed`, in order) go through it; else the entry current when it was typed.
  func place(among replayed: Set<EntryID>) -> EntryID {
    head.flatMap { replayed.contains($0) ? $0 : nil } ?? after
  }

  /// The line, with the effect called by the replay's number `number` (the session's when nil).
  func line(effectNumber number: Int?) -> String {
    switch command {
    case .clock(let mode): "clock \(mode.rawValue)"
    case .advance(let duration): "advance \(DurationParser.text(of: duration))"
    case .dependency(let name, let value): "dep \(name) \(value)"
    case .cancelAll: "cancel all"
    case .cancel(let effect): "cancel e\(number ?? effect)"
    case .respond(let effect, let answer):
      "respond e\(number ?? effect)" + (answer.map { " \($0)" } ?? "")
    }
  }
}

extension ScriptCommand {
  /// As a session file keeps it: `{"after": 2, "line": "clock manual"}`, or `{"after": 2,
  /// "command": "respond", "effect": 1, "rest": ".failure(…)"}`.
  var sessionJSON: JSONValue {
    var members: [JSONValue.Member] = [.init("after", .number(after.number))]
    if let head { members.append(.init("head", .number(head.number))) }
    switch command {
    case .cancel(let effect):
      members += [
        .init("command", "cancel"), .init("effect", .number(effect)), .init("rest", ""),
      ]
    case .respond(let effect, let answer):
      members += [
        .init("command", "respond"), .init("effect", .number(effect)),
        .init("rest", .string(answer?.description ?? "")),
      ]
    case .clock, .advance, .dependency, .cancelAll:
      members.append(.init("line", .string(line(effectNumber: nil))))
    }
    return .object(members)
  }

  /// The command a session file keeps at `reader` (see `sessionJSON`), read again from its
  /// parts: a `line` must be a clock, advance, dep or `cancel all` command, a `respond`'s
  /// `rest` an answer as the prompt reads it. `dependencyValue` is the value `deps` shows for
  /// `dep NAME WORDS…`, nil when the app has no such dependency or it takes no such value.
  /// Anything else is refused with the error naming the member.
  init(
    reading reader: SessionReader,
    dependencyValue: (_ name: String, _ words: [String]) -> String?
  ) throws(SessionError) {
    _ = try reader.object("a command object")
    self.after = try reader.member("after").entryID()
    let headReader = reader.member("head")
    self.head =
      headReader.value == nil
      ? nil : EntryID(try headReader.integer(in: 1...Int.max, "an entry number from 1 up"))
    let lineReader = reader.member("line")
    if lineReader.value != nil {
      let expected = "a clock, advance, dep or 'cancel all' command on one line"
      let line = try lineReader.singleLine(expected)
      guard let command = Self.command(line, dependencyValue: dependencyValue) else {
        throw lineReader.invalid(expected)
      }
      self.command = command
      return
    }
    let name = try reader.member("command").singleLine(#""respond" or "cancel""#)
    let effect = try reader.member("effect").integer(
      in: 1...Int.max, "an effect number from 1 up")
    let restReader = reader.member("rest")
    switch name {
    case "cancel":
      guard restReader.value == nil || restReader.value == "" else {
        throw restReader.invalid("empty: a cancel takes nothing after the effect")
      }
      self.command = .cancel(effect: effect)
    case "respond":
      let expected = "empty or an answer on one line such as .failure(…)"
      let rest = restReader.value == nil ? "" : try restReader.singleLine(expected)
      guard !rest.trimmingWhitespace().isEmpty else {
        self.command = .respond(effect: effect, answer: nil)
        return
      }
      guard let answer = Self.answer(rest) else { throw restReader.invalid(expected) }
      self.command = .respond(effect: effect, answer: answer)
    default:
      throw reader.member("command").invalid(#""respond" or "cancel""#)
    }
  }

  /// The command `line` spells (one that names no effect), nil when it spells none.
  private static func command(
    _ line: String, dependencyValue: (_ name: String, _ words: [String]) -> String?
  ) -> Command? {
    let words = line.split(separator: " ").map(String.init)
    switch (words.first, words.count) {
    case ("clock"?, 2):
      return ClockMode(rawValue: words[1]).map(Command.clock)
    case ("advance"?, 2):
      return DurationParser.parse(words[1]).map(Command.advance)
    case ("cancel"?, 2) where words[1] == "all":
      return .cancelAll
    case ("dep"?, 3...):
      return dependencyValue(words[1], Array(words.dropFirst(2))).map {
        .dependency(name: words[1], value: $0)
      }
    default:
      return nil
    }
  }

  /// The answer `text` writes, read as `respond` reads it (the leading dots optional).
  static func answer(_ text: String) -> Literal? {
    guard let source = try? ActionSpelling.normalized(text, row: ActionSpelling.noRow) else {
      return nil
    }
    return try? LiteralParser.parse(source)
  }
}
