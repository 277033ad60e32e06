import Testing

@testable import DexREPLCore

/// The loop in-process, through a scripted reader.
@Suite struct REPLTests {
  private func run(
    _ events: [LineReaderEvent],
    sourceName: String? = "<stdin>",
    keepsGoing: Bool = false
  ) -> (status: Int32, output: String, errors: String, reader: ScriptedLineReader) {
    let output = OutputCapture()
    let errors = OutputCapture()
    var reader = ScriptedLineReader(events)
    var repl = REPL(
      configuration: .init(sourceName: sourceName, keepsGoing: keepsGoing),
      output: output.output, errors: errors.output)
    let status = repl.run(reading: &reader)
    return (status, output.text, errors.text, reader)
  }

  @Test(arguments: [
    ("", REPL.Outcome.proceed),
    ("   \t", .proceed),
    ("# help", .proceed),
    ("  #comment", .proceed),
    ("quit", .quit),
    ("exit", .quit),
    ("  quit  ", .quit),
    ("help", .proceed),
    ("help exit", .proceed),
    ("xyz", .rejected(.unknownCommand("xyz", suggestion: nil))),
    ("hepl", .rejected(.unknownCommand("hepl", suggestion: "help"))),
    ("Quit", .rejected(.unknownCommand("Quit", suggestion: "quit"))),
    ("help frob", .rejected(.unknownCommand("frob", suggestion: nil))),
    ("quit now", .rejected(.unexpectedArguments(
      command: "quit", arguments: "now", synopsis: "quit | exit"))),
  ])
  func executeDecidesWhatALineDoes(line: String, outcome: REPL.Outcome) {
    let repl = REPL(
      configuration: .init(sourceName: nil), output: OutputCapture().output,
      errors: OutputCapture().output)
    #expect(repl.execute(line) == outcome)
  }

  @Test func helpListsEveryCommandOfTheTable() {
    let output = OutputCapture()
    let repl = REPL(configuration: .init(sourceName: nil), output: output.output)
    _ = repl.execute("help")
    #expect(output.text == """
      Commands:
        help [COMMAND]  list the commands, or explain one
        quit | exit     leave dex (Ctrl-D on an empty line does the same)

      Type 'help COMMAND' for more. Blank lines and lines starting with '#' are ignored.

      """)
  }

  @Test func helpForAnAliasShowsTheCommandsPage() {
    let output = OutputCapture()
    let repl = REPL(configuration: .init(sourceName: nil), output: output.output)
    _ = repl.execute("help exit")
    #expect(output.text.hasPrefix("quit | exit\n  Leaves dex"))
  }

  @Test func interactiveErrorsCarryNoLocationAndNeverChangeTheExitStatus() {
    let result = run([.line("frob"), .interrupt, .line("help")], sourceName: nil)
    #expect(result.status == 0)
    #expect(result.errors == "Unknown command 'frob'. Type 'help' for the list.\n")
    #expect(result.output.hasPrefix("Commands:"), "an interactive session goes on after errors")
  }

  @Test func interruptIsNotALineAndDoesNotEndTheSession() {
    let result = run([.interrupt, .line("bad"), .endOfInput])
    #expect(result.errors.hasPrefix("<stdin>:1: "))
    #expect(result.status == 1)
  }

  @Test func everyReadShowsTheConfiguredPrompt() {
    let result = run([.line("help"), .line("quit")], sourceName: nil)
    #expect(result.reader.prompts == ["dex> ", "dex> "])
  }

  @Test func quitStopsReading() {
    let result = run([.line("quit"), .line("bad")])
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(result.reader.events == [.line("bad")])
  }
}
