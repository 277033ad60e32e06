import DexTesting
import Testing

@testable import DexREPLCore

/// A REPL on a fresh session of the app, writing to `output` and `errors`.
func makeREPL(
  sourceName: String? = nil, keepsGoing: Bool = false,
  output: TextOutput = OutputCapture().output, errors: TextOutput = OutputCapture().output,
  settings: SessionSettings = SessionSettings()
) -> REPL {
  let session = DexSession(settings: settings, output: output, asynchronousOutput: nil)
  return REPL(
    configuration: .init(sourceName: sourceName, keepsGoing: keepsGoing), session: session,
    output: output, errors: errors)
}

/// The loop in-process, through a scripted reader.
@Suite(.isolatedSharedState) struct REPLTests {
  private func run(
    _ events: [LineReaderEvent],
    sourceName: String? = "<stdin>",
    keepsGoing: Bool = false
  ) -> (status: Int32, output: String, errors: String, reader: ScriptedLineReader) {
    let output = OutputCapture()
    let errors = OutputCapture()
    var reader = ScriptedLineReader(events)
    let repl = makeREPL(
      sourceName: sourceName, keepsGoing: keepsGoing, output: output.output,
      errors: errors.output)
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
    #expect(makeREPL().execute(line) == outcome)
  }

  @Test func helpListsEveryCommandOfTheTable() {
    let output = OutputCapture()
    _ = makeREPL(output: output.output).execute("help")
    let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Commands:")
    for command in CommandTable.commands {
      #expect(lines.contains { $0.hasPrefix("  \(command.synopsis)  ") }, "\(command.name)")
    }
    #expect(output.text.hasSuffix(
      "\nType 'help COMMAND' for more. Blank lines and lines starting with '#' are ignored.\n"))
  }

  @Test func helpForAnAliasShowsTheCommandsPage() {
    let output = OutputCapture()
    _ = makeREPL(output: output.output).execute("help exit")
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
