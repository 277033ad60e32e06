// MARK: - The commands

extension REPLCommand {
  /// The commands about the prompt itself: the lines typed, help, leaving.
  static var promptCommands: [REPLCommand] { [history, help, quit] }

  /// `history`: the lines typed in this session, numbered; !N runs line N again.
  static var history: REPLCommand {
    REPLCommand(
      name: "history", synopsis: "history",
      summary: "the lines typed in this session, numbered; !N runs line N again",
      details: """
        Each line run in this session, numbered from 1. '!N' runs line N again (and is
        remembered as that line); '!!' runs the last one.
        """,
      acceptsArguments: false,
      section: .console, changesTheApp: false
    ) { repl, call throws(REPLError) in repl.history() }
  }

  /// `help`: list the commands, or explain one.
  static var help: REPLCommand {
    REPLCommand(
      name: "help", aliases: ["?"], synopsis: "help [COMMAND]",
      summary: "list the commands, or explain one",
      details: """
        Without COMMAND, lists every command with a one-line summary.
        With COMMAND, shows how to write it and what it does.
        """,
      acceptsArguments: true,
      section: .prompt, changesTheApp: false,
      complete: { _, place in
        CommandTable<App>.completions(
          line: place.typed, wordStart: place.beforeWord.count, word: place.word)
      }
    ) { repl, call throws(REPLError) in try repl.help(call) }
  }

  /// `quit`: leave dex (Ctrl-D on an empty line does the same).
  static var quit: REPLCommand {
    REPLCommand(
      name: "quit", aliases: ["exit", "q", "\\q", ".quit", ":q"], synopsis: "quit | exit",
      summary: "leave dex (Ctrl-D on an empty line does the same)",
      details: """
        Leaves dex and saves the line history. Pending changes of shared files are written
        first, waiting at most 10 s for another process's lock (Ctrl-C stops the
        wait); what could not be written is named. In a script, stops reading it; the exit status is 1 if a line failed before
        or a change could not be written, else 0.
        """,
      acceptsArguments: false,
      section: .prompt, changesTheApp: { _ in false },
      outcome: { repl, call throws(REPLError) in .quit })
  }
}

// MARK: - Running them

extension REPL {
  /// `help [COMMAND]`: the listing, or the page of one command.
  func help(_ call: CommandCall) throws(REPLError) {
    let topic = call.arguments
    guard !topic.isEmpty else {
      console.page(HelpText.listing(of: CommandTable<App>.commands.map(\.descriptor), width: session.settings.terminalWidth))
      return
    }
    guard let command = CommandTable<App>.command(named: topic) else {
      throw .unknownCommand(topic, suggestion: CommandTable<App>.suggestion(for: topic))
    }
    console.print(HelpText.page(for: command.descriptor, width: session.settings.terminalWidth))
  }

  /// `history`: the commands of this session, numbered from 1.
  func history() {
    let width = String(lineHistory.count).count
    let lines = lineHistory.enumerated().map { offset, line in
      let number = String(offset + 1)
      return String(repeating: " ", count: width - number.count + 2) + number + "  " + line
    }
    console.page(lines.joined(separator: "\n"))
  }

  /// The command `!N` (or `!!`, the last one) runs again.
  func recalled(_ text: String) throws(REPLError) -> String {
    let reference = text.dropFirst()
    if reference == "!", let last = lineHistory.last { return last }
    guard let number = Int(reference), number >= 1, number <= lineHistory.count else {
      throw .failed(.noCommandNumbered(text, count: lineHistory.count))
    }
    return lineHistory[number - 1]
  }
}
