import Foundation
import StoreInspector

/// The read-eval-print loop over an app: reads lines from a `LineReader`, runs the commands of
/// `CommandTable` on a `DexSession` and reports what it rejects.
package final class REPL<App: REPLApp> {
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
    /// The line was not run, or an expectation failed.
    case rejected(REPLError)
  }

  package let configuration: Configuration
  let output: TextOutput
  let errors: TextOutput
  package let session: DexSession<App>
  /// How many lines were rejected so far, in every script.
  package private(set) var rejectedCount = 0
  /// Scripts being run, as typed and resolved, innermost last, so a script cannot run itself.
  var runningScripts: [(path: String, resolved: String)] = []
  /// The errors reported for script lines, as printed (`tour.dex:4: …`), for a session page.
  private(set) var failures: [String] = []

  package init(
    configuration: Configuration, session: DexSession<App>,
    output: TextOutput = .standardOutput, errors: TextOutput = .standardError
  ) {
    self.configuration = configuration
    self.session = session
    self.output = output
    self.errors = errors
  }

  /// Reads and runs lines until `quit`, the end of the input or (in a script, without
  /// `keepsGoing`) the first rejected line; returns the exit status: 1 when a script had a
  /// rejected line, else 0.
  package func run(reading reader: inout some LineReader) -> Int32 {
    runLines(
      source: configuration.sourceName, next: { reader.readLine(prompt: configuration.prompt) })
    return configuration.sourceName != nil && rejectedCount > 0 ? 1 : 0
  }

  /// Runs lines from `next` until quit, end of input, or a failure in a script; returns whether
  /// it stopped on a failure (or quit).
  @discardableResult
  func runLines(source: String?, next: () -> LineReaderEvent) -> RunEnd {
    var lineNumber = 0
    while true {
      let event = next()
      // SIGHUP or SIGTERM: stop here, and let the program save and end.
      if TerminalSignals.terminationRequested { return .terminated }
      let outcome: Outcome
      switch event {
      case .endOfInput:
        return .endOfInput
      case .interrupt:
        continue
      case .lineTooLong:
        lineNumber += 1
        outcome = .rejected(.lineTooLong(bytes: nil))
      case .line(let line):
        lineNumber += 1
        outcome = execute(line)
      }
      switch outcome {
      case .proceed:
        continue
      case .quit:
        return .quit
      case .rejected(let error):
        rejectedCount += 1
        report(error, source: source, line: lineNumber)
        if source != nil && !configuration.keepsGoing { return .failed }
      }
    }
  }

  /// How a run of lines ended.
  enum RunEnd: Equatable {
    case endOfInput, quit, failed
    /// SIGHUP or SIGTERM asked dex to end.
    case terminated
  }

  /// Runs one line: blank lines and `#` comments do nothing.
  package func execute(_ line: String) -> Outcome {
    guard line.utf8.count <= maximumLineLength else {
      return .rejected(.lineTooLong(bytes: line.utf8.count))
    }
    let words = line.trimmingWhitespace().split(maxSplits: 1, whereSeparator: \.isWhitespace)
    guard let first = words.first, !first.hasPrefix("#") else { return .proceed }
    let name = String(first)
    let arguments = words.count > 1 ? String(words[1]).trimmingWhitespace() : ""
    guard let command = CommandTable<App>.command(named: name) else {
      return .rejected(.unknownCommand(name, suggestion: CommandTable<App>.suggestion(for: name)))
    }
    if !command.acceptsArguments && !arguments.isEmpty {
      return .rejected(
        .unexpectedArguments(command: name, arguments: arguments, synopsis: command.synopsis))
    }
    let force = name.hasSuffix("!")
    do {
      switch command.kind {
      case .send: try send(arguments)
      case .state: try state(arguments)
      case .diff: try diff(arguments)
      case .log: log()
      case .back: try back(arguments)
      case .forward: try forward(arguments)
      case .jump: try jump(arguments)
      case .branches: branches()
      case .branch: try branch(arguments)
      case .skip: try skip(arguments, skipping: true)
      case .unskip: try skip(arguments, skipping: false)
      case .actions: try actions(arguments)
      case .expect: try expect(arguments)
      case .clock: try clock(arguments)
      case .advance: try advance(arguments)
      case .deps: deps()
      case .shared: try shared(arguments)
      case .restore: try restore(arguments)
      case .dep: try dep(arguments)
      case .run: try runScript(arguments)
      case .record: try record(arguments, force: force)
      case .gentest: try gentest(arguments, force: force)
      case .export: try export(arguments, force: force)
      case .import: try importSession(arguments)
      case .help: try help(topic: arguments)
      case .quit: return .quit
      case .app:
        guard let appCommand = App.commands.first(where: { $0.descriptor.name == name }) else {
          return .rejected(.unknownCommand(name, suggestion: nil))
        }
        try appCommand.run(self, arguments)
      }
    } catch {
      return .rejected(error)
    }
    return .proceed
  }

  /// How the command of `kind` is written, for a usage line: from the command table, the one
  /// place a synopsis is spelled.
  func synopsis(_ kind: CommandKind) -> String {
    CommandTable<App>.synopsis(of: kind)
  }

  /// Prints `text` (a newline is added when missing); with `--json`, as an `output` object.
  package func print(_ text: String) {
    session.emitText(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
  }

  private func help(topic: String) throws(REPLError) {
    guard !topic.isEmpty else {
      print(HelpText.listing(of: CommandTable<App>.commands))
      return
    }
    guard let command = CommandTable<App>.command(named: topic) else {
      throw .unknownCommand(topic, suggestion: CommandTable<App>.suggestion(for: topic))
    }
    print(HelpText.page(for: command))
  }

  /// Writes `error` to standard error (`FILE:LINE: message` in a script); with `--json`, also
  /// as an `error` object on standard output, so the transcript shows where it stopped.
  func report(_ error: REPLError, source: String?, line: Int) {
    if let source {
      failures.append("\(source):\(line): \(error)")
      errors.writeLine("\(source):\(line): \(error)")
    } else {
      errors.writeLine("\(error)")
    }
    if session.settings.printsJSON {
      var members: [JSONValue.Member] = []
      if let source { members += [.init("source", .string(source)), .init("line", .number(line))] }
      members.append(.init("message", .string("\(error)")))
      session.emit(OutputItem(type: "error", text: "", members: members))
    }
  }
}
