// MARK: - The command

extension REPLCommand {
  /// `echo`: print a line of the script's own.
  static var echo: REPLCommand {
    REPLCommand(
      name: "echo", synopsis: "echo [TEXT]",
      summary: "print TEXT as it is written (in a script, to label what follows)",
      details: """
        Like psql's \\echo: prints the rest of the line, spaces between words kept, or an empty
        line without TEXT. With --json it is an output object. In a script it labels the
        transcript: echo -- after the second page.
        """,
      acceptsArguments: true,
      section: .files, changesTheApp: false
    ) { repl, call throws(REPLError) in
      // With its newline, no text is an empty line.
      repl.console.print(call.arguments + "\n")
    }
  }
}
