/// The text `help` and `help COMMAND` print, rendered from `CommandTable`.
enum HelpText {
  /// The listing of every command, e.g.
  ///
  /// ```
  /// Commands:
  ///   help [COMMAND]  list the commands, or explain one
  ///   quit | exit     leave dex (Ctrl-D on an empty line does the same)
  ///
  /// Type 'help COMMAND' for more. Blank lines and lines starting with '#' are ignored.
  /// ```
  static func listing(of commands: [CommandDescriptor]) -> String {
    let width = commands.map(\.synopsis.count).max() ?? 0
    let rows = commands.map { command in
      let padding = String(repeating: " ", count: width - command.synopsis.count)
      return "  \(command.synopsis)\(padding)  \(command.summary)\n"
    }
    return "Commands:\n" + rows.joined()
      + "\nType 'help COMMAND' for more. Blank lines and lines starting with '#' are ignored.\n"
  }

  /// The page of one command: its synopsis, then its details indented by two spaces.
  static func page(for command: CommandDescriptor) -> String {
    let details = command.details.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  \($0)" }
      .joined(separator: "\n")
    return "\(command.synopsis)\n\(details)\n"
  }
}
