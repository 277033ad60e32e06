import StoreInspector

/// A command `record` writes besides sends (dep, clock, advance, respond, cancel), after the
/// entry current when it was typed. One that names an effect keeps the session's number of it,
/// so that `record` can write the name the replay gives that effect.
struct ScriptCommand {
  /// The entry current when the command was typed.
  let after: EntryID
  /// The head of the branch when it was typed in the past (nil at the head): the entries up to
  /// there were made before the command, so a replay going on through them runs it after them.
  var head: EntryID?
  /// The command's word (`respond`), or the whole line when it names no effect.
  let text: String
  /// The session's number of the effect it names (3 for `e3`).
  let effect: Int?
  /// What follows the effect's name (`.failure(…)`), empty when nothing does.
  let rest: String

  /// `clock manual`: a command that names no effect.
  init(after: EntryID, line: String) {
    self.after = after
    self.text = line
    self.effect = nil
    self.rest = ""
  }

  /// `respond e3 .failure(…)`: `command`, then the effect numbered `effect`, then `rest`.
  init(after: EntryID, command: String, effect: Int, rest: String) {
    self.after = after
    self.text = command
    self.effect = effect
    self.rest = rest
  }

  /// The entry a replay runs it after: the head it was typed under, when the replayed entries
  /// (`replayed`, in order) go through it; else the entry current when it was typed.
  func place(among replayed: Set<EntryID>) -> EntryID {
    head.flatMap { replayed.contains($0) ? $0 : nil } ?? after
  }

  /// The line with the effect called by the replay's number `number`.
  func line(effectNumber number: Int?) -> String {
    guard effect != nil, let number else { return text }
    return "\(text) e\(number)" + (rest.isEmpty ? "" : " \(rest)")
  }
}

extension ScriptCommand {
  /// As a session file keeps it: `{"after": 2, "line": "clock manual"}`, or `{"after": 2,
  /// "command": "respond", "effect": 1, "rest": ".failure(…)"}`.
  var sessionJSON: JSONValue {
    var members: [JSONValue.Member] = [.init("after", .number(after.number))]
    if let head { members.append(.init("head", .number(head.number))) }
    guard let effect else { return .object(members + [.init("line", .string(text))]) }
    return .object(
      members + [
        .init("command", .string(text)), .init("effect", .number(effect)),
        .init("rest", .string(rest)),
      ])
  }

  /// The command `json` keeps (see `sessionJSON`), nil when it is not one.
  init?(sessionJSON json: JSONValue) {
    guard case let .number(after)? = json["after"], let number = Int(after), number >= 0 else {
      return nil
    }
    let entry = number == 0 ? EntryID.initial : EntryID(number)
    if case let .string(line)? = json["line"] {
      self.init(after: entry, line: line)
    } else if case let .string(command)? = json["command"],
      case let .number(effect)? = json["effect"], let effect = Int(effect),
      case let .string(rest)? = json["rest"]
    {
      self.init(after: entry, command: command, effect: effect, rest: rest)
    } else {
      return nil
    }
    if case let .number(head)? = json["head"], let number = Int(head), number > 0 {
      self.head = EntryID(number)
    }
  }
}
