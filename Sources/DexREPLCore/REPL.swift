/// The read-eval-print loop: reads lines from a `LineReader`, runs the commands of
/// `CommandTable` and reports what it rejects.
package struct REPL {
  /// How the loop reads and reports.
  package struct Configuration: Equatable, Sendable {
    /// Names the input in error reports (`<stdin>:3: …`); nil on a terminal, where errors
    /// carry no location and never change the exit status.
    package var sourceName: String?
    /// Whether a script goes on after a rejected command (`--keep-going`).
    package var keepsGoing: Bool
    /// Shown by readers that prompt.
    package var prompt: String

    package init(sourceName: String?, keepsGoing: Bool = false, prompt: String = "dex> ") {
      self.sourceName = sourceName
      self.keepsGoing = keepsGoing
      self.prompt = prompt
    }
  }

  /// What running one line did.
  package enum Outcome: Equatable, Sendable {
    /// Done; read the next line.
    case proceed
    /// `quit` or `exit`.
    case quit
    /// The line was not run.
    case rejected(REPLError)
  }

  package let configuration: Configuration
  private let output: TextOutput
  private let errors: TextOutput
  /// How many lines were rejected so far.
  package private(set) var rejectedCount = 0

  package init(
    configuration: Configuration,
    output: TextOutput = .standardOutput,
    errors: TextOutput = .standardError
  ) {
    self.configuration = configuration
    self.output = output
    self.errors = errors
  }

  /// Reads and runs lines until `quit`, the end of the input or (in a script, without
  /// `keepsGoing`) the first rejected line; returns the exit status: 1 when a script had a
  /// rejected line, else 0.
  package mutating func run(reading reader: inout some LineReader) -> Int32 {
    var lineNumber = 0
    reading: while true {
      switch reader.readLine(prompt: configuration.prompt) {
      case .endOfInput:
        break reading
      case .interrupt:
        continue reading
      case .line(let line):
        lineNumber += 1
        switch execute(line) {
        case .proceed:
          continue reading
        case .quit:
          break reading
        case .rejected(let error):
          rejectedCount += 1
          report(error, line: lineNumber)
          if configuration.sourceName != nil && !configuration.keepsGoing { break reading }
        }
      }
    }
    return configuration.sourceName != nil && rejectedCount > 0 ? 1 : 0
  }

  /// Runs one line: blank lines and `#` comments do nothing.
  package func execute(_ line: String) -> Outcome {
    let words = line.split(maxSplits: 1, whereSeparator: \.isWhitespace)
    guard let first = words.first, !first.hasPrefix("#") else { return .proceed }
    let name = String(first)
    let arguments = words.count > 1 ? String(words[1]).trimmingWhitespace() : ""
    guard let command = CommandTable.command(named: name) else {
      return .rejected(.unknownCommand(name, suggestion: CommandTable.suggestion(for: name)))
    }
    if !command.acceptsArguments && !arguments.isEmpty {
      return .rejected(
        .unexpectedArguments(command: name, arguments: arguments, synopsis: command.synopsis))
    }
    switch command.kind {
    case .help:
      return help(topic: arguments)
    case .quit:
      return .quit
    }
  }

  private func help(topic: String) -> Outcome {
    guard !topic.isEmpty else {
      output.write(HelpText.listing())
      return .proceed
    }
    guard let command = CommandTable.command(named: topic) else {
      return .rejected(.unknownCommand(topic, suggestion: CommandTable.suggestion(for: topic)))
    }
    output.write(HelpText.page(for: command))
    return .proceed
  }

  private func report(_ error: REPLError, line: Int) {
    if let source = configuration.sourceName {
      errors.writeLine("\(source):\(line): \(error)")
    } else {
      errors.writeLine("\(error)")
    }
  }
}
