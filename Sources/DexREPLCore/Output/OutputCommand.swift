// MARK: - The command

extension REPLCommand {
  /// The command that copies output to a file.
  static var outputCommands: [REPLCommand] { [output] }

  /// `output`: also write what is printed to FILE; 'output' alone stops.
  static var output: REPLCommand {
    REPLCommand(
      name: "output", aliases: ["output!"], synopsis: "output[!] [FILE]",
      summary: "also write what is printed to FILE; 'output' alone stops",
      details: """
        Like psql's \\o: from now on, what dex prints (not errors) is also written to FILE,
        without colour. 'output' with no file stops and closes it. 'output' refuses to
        overwrite a file; 'output!' replaces it.
        """,
      acceptsArguments: true,
      section: .console, changesTheApp: false,
      complete: { completer, place in completer.fileNames(place) }
    ) { repl, call throws(REPLError) in try repl.output(call) }
  }
}

// MARK: - Running it

extension REPL {
  /// `output FILE` copies what is printed to FILE from now on (`output!` replaces a file);
  /// `output` alone stops.
  func output(_ call: CommandCall) throws(REPLError) {
    guard !call.arguments.trimmingWhitespace().isEmpty else {
      let stopped = console.stopOutputCopy()
      console.print(Notice.stoppedCopying(path: stopped).text)
      return
    }
    let path = try call.fileName()
    try console.startOutputCopy(to: path, replacing: call.replacesFiles)
    console.print(Notice.copyingOutput(path: path).text)
  }
}
