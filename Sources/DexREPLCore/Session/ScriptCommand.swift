import StoreInspector

/// A command `record` writes besides sends (dep, clock, advance, respond, cancel), after the
/// entry current when it was typed. One that names an effect keeps the session's number of it,
/// so that `record` can write the name the replay gives that effect.
struct ScriptCommand {
  /// The entry current when the command was typed.
  let after: EntryID
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

  /// The line with the effect called by the replay's number `number`.
  func line(effectNumber number: Int?) -> String {
    guard effect != nil, let number else { return text }
    return "\(text) e\(number)" + (rest.isEmpty ? "" : " \(rest)")
  }
}
