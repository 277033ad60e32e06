import StoreInspector

/// What a session file's `script` member keeps for `record`: the commands it writes besides
/// sends, the entry that started each named effect (`e1` first), and the effects cancelled
/// while a breakpoint held them.
///
/// ```json
/// {"commands": [{"after": 0, "line": "clock manual"}], "effects": [2],
///  "held": [{"after": 3, "note": "'abort' after #3 cancelled e1 held by a breakpoint, …"}]}
/// ```
struct SessionScript {
  /// The commands, in the order they were typed.
  var commands: [ScriptCommand] = []
  /// The entry that started each named effect, `e1` first; nil for one no entry of the history
  /// started any more.
  var effects: [EntryID?] = []
  /// What each cancellation of held effects says, after the entry current then.
  var held: [(after: EntryID, note: String)] = []

  init(
    commands: [ScriptCommand], effects: [EntryID?], held: [(after: EntryID, note: String)]
  ) {
    self.commands = commands
    self.effects = effects
    self.held = held
  }

  /// The `script` member at `reader`, every part checked: a command is read again from its
  /// parts (see `ScriptCommand.init(reading:dependencyValue:)`), a note must be one line, and
  /// entry numbers must not be negative. The first part that is not so fails the whole import
  /// with the error naming it (`$.script.commands[2].line`).
  init(
    reading reader: SessionReader,
    dependencyValue: (_ name: String, _ words: [String]) -> String?
  ) throws(SessionError) {
    _ = try reader.object("an object with commands, effects and held")
    let commandsReader = reader.member("commands")
    if commandsReader.value != nil {
      for element in try commandsReader.elements("an array of commands") {
        commands.append(try ScriptCommand(reading: element, dependencyValue: dependencyValue))
      }
    }
    let effectsReader = reader.member("effects")
    if effectsReader.value != nil {
      for element in try effectsReader.elements("an array of entry numbers or null") {
        effects.append(element.value == .null ? nil : try element.entryID())
      }
    }
    let heldReader = reader.member("held")
    if heldReader.value != nil {
      for element in try heldReader.elements("an array of held cancellations") {
        _ = try element.object(#"an object with "after" and "note""#)
        let after = try element.member("after").entryID()
        held.append((after, try element.member("note").singleLine("a note on one line")))
      }
    }
  }

  /// As a session file keeps it (see above).
  var sessionJSON: JSONValue {
    .object([
      .init("commands", .array(commands.map(\.sessionJSON))),
      .init("effects", .array(effects.map { $0.map { .number($0.number) } ?? .null })),
      .init(
        "held",
        .array(
          held.map {
            .object([.init("after", .number($0.after.number)), .init("note", .string($0.note))])
          })),
    ])
  }
}
