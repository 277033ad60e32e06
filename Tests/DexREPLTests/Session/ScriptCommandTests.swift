import StoreInspector
import Testing

@testable import DexREPLCore

/// A session file's script commands are read again from their parts; `record` writes lines
/// made of those parts only.
@Suite struct ScriptCommandTests {
  /// `dep pokemonClient manual` and `dep uuid random` as a session answers them.
  private func dependencyValue(_ name: String, _ words: [String]) -> String? {
    switch (name, words) {
    case ("pokemonClient", ["manual"]): "manual"
    case ("uuid", ["random"]): "random"
    default: nil
    }
  }

  private func read(_ json: JSONValue) throws(SessionError) -> ScriptCommand {
    try ScriptCommand(
      reading: SessionReader(value: json, path: "$.script.commands[0]"),
      dependencyValue: dependencyValue)
  }

  @Test(arguments: [
    ("clock manual", "clock manual"),
    ("advance 300ms", "advance 300ms"),
    ("advance 1.5s", "advance 1500ms"),
    ("advance 2m", "advance 2m"),
    ("dep pokemonClient manual", "dep pokemonClient manual"),
    ("dep  uuid   random", "dep uuid random"),
    ("cancel all", "cancel all"),
  ])
  func aLineIsWrittenAgainFromWhatItSpells(line: String, written: String) throws {
    let command = try read(["after": 2, "line": .string(line)])
    #expect(command.line(effectNumber: nil) == written)
    #expect(command.after == EntryID(2))
  }

  @Test(arguments: [
    "clock manual\nexport! /elsewhere/x.json",
    "clock manual\rexport! x",
    "export! x.json",
    "clock sideways",
    "advance soon",
    "dep pokemonClient manual\u{2028}export! x",
    "dep pokemonClient everything",
    "cancel e1",
    "record! r.dex",
  ])
  func aLineThatIsNotOneClockAdvanceDepOrCancelAllIsRefused(line: String) {
    #expect {
      try read(["after": 2, "line": .string(line)])
    } throws: { error in
      (error as? SessionError)?.description.hasPrefix(
        "$.script.commands[0].line should be a clock, advance, dep or 'cancel all' command on "
          + "one line but is ") == true
    }
  }

  @Test func aRespondAnswerIsReadAsALiteralAndWrittenWithTheReplaysEffectName() throws {
    let command = try read([
      "after": 3, "command": "respond", "effect": 4,
      "rest": #"failure(DexError(kind: network, message: "off\tline"))"#,
    ])
    #expect(
      command.line(effectNumber: 1)
        == #"respond e1 .failure(DexError(kind: .network, message: "off\tline"))"#)
    #expect(command.effect == 4)
  }

  @Test(arguments: [
    (
      ["after": 3, "command": "respond", "effect": 1, "rest": ".success(1)\nexport! x"],
      "$.script.commands[0].rest should be empty or an answer on one line such as .failure(…) "
    ),
    (
      ["after": 3, "command": "respond", "effect": 1, "rest": ".success((("],
      "$.script.commands[0].rest should be empty or an answer on one line such as .failure(…) "
    ),
    (
      ["after": 3, "command": "cancel", "effect": 1, "rest": "; export! x"],
      "$.script.commands[0].rest should be empty: a cancel takes nothing after the effect "
    ),
    (
      ["after": 3, "command": "export!", "effect": 1, "rest": ""],
      #"$.script.commands[0].command should be "respond" or "cancel" "#
    ),
    (
      ["after": 3, "command": "cancel", "effect": 0],
      "$.script.commands[0].effect should be an effect number from 1 up "
    ),
    (
      ["after": -1, "line": "clock manual"],
      "$.script.commands[0].after should be an entry number, or 0 "
    ),
  ] as [(JSONValue, String)])
  func aCommandWithAPartThatIsNotSoIsRefusedNamingThePart(json: JSONValue, message: String) {
    #expect {
      try read(json)
    } throws: { error in
      (error as? SessionError)?.description.hasPrefix(message) == true
    }
  }
}
