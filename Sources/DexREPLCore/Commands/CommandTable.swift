/// What a command does; the REPL switches over it, so adding a case forces handling it.
package enum CommandKind: Equatable, Sendable {
  case help
  case quit
}

/// One command of the REPL: the names it answers to and its help.
package struct CommandDescriptor: Equatable, Sendable {
  package let kind: CommandKind
  /// The name `help` lists it under.
  package let name: String
  /// Other names that run the same command.
  package let aliases: [String]
  /// How it is written, e.g. `help [COMMAND]`.
  package let synopsis: String
  /// One line for the `help` listing.
  package let summary: String
  /// The text `help COMMAND` prints under the synopsis.
  package let details: String
  /// Whether anything may follow the name.
  package let acceptsArguments: Bool

  /// The name, then the aliases.
  package var names: [String] { [name] + aliases }
}

/// Every command the REPL knows, in the order `help` lists them. Help, completion and
/// did-you-mean all read this table; nothing else spells a command name.
package enum CommandTable {
  package static let commands: [CommandDescriptor] = [
    CommandDescriptor(
      kind: .help,
      name: "help",
      aliases: [],
      synopsis: "help [COMMAND]",
      summary: "list the commands, or explain one",
      details: """
        Without COMMAND, lists every command with a one-line summary.
        With COMMAND, shows how to write it and what it does.
        """,
      acceptsArguments: true
    ),
    CommandDescriptor(
      kind: .quit,
      name: "quit",
      aliases: ["exit"],
      synopsis: "quit | exit",
      summary: "leave dex (Ctrl-D on an empty line does the same)",
      details: """
        Leaves dex and saves the line history. In a script, stops reading it; the exit status
        is 1 if a command was rejected before, else 0.
        """,
      acceptsArguments: false
    ),
  ]

  /// Every name and alias, in table order.
  package static var allNames: [String] { commands.flatMap(\.names) }

  /// The command answering to `name` exactly (names are case-sensitive).
  package static func command(named name: String) -> CommandDescriptor? {
    commands.first { $0.names.contains(name) }
  }

  /// The name `word` was probably meant to be, if one is close enough.
  package static func suggestion(for word: String) -> String? {
    word.closestMatch(in: allNames)
  }

  /// Completion for the REPL's line: command names in the first word, and after `help`.
  package static func completions(line: String, wordStart: Int, word: String) -> [String] {
    let wordsBefore = line.prefix(wordStart).split(whereSeparator: \.isWhitespace)
    let completesCommandName =
      wordsBefore.isEmpty || (wordsBefore.count == 1 && wordsBefore[0] == "help")
    guard completesCommandName else { return [] }
    return allNames.filter { $0.hasPrefix(word) }
  }
}
