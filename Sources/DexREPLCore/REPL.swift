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
    /// Shown instead while a command goes on (a bracket or a string is still open).
    package var continuationPrompt: String

    package init(
      sourceName: String?, keepsGoing: Bool = false, prompt: String = "dex> ",
      continuationPrompt: String = "...> "
    ) {
      self.sourceName = sourceName
      self.keepsGoing = keepsGoing
      self.prompt = prompt
      self.continuationPrompt = continuationPrompt
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
    /// `continue` at the prompt `--debug` opened: the script goes on.
    case resume
    /// `run FILE` whose script a breakpoint hit stopped: the rest waits for `continue`.
    case stopped
  }

  package let configuration: Configuration
  let output: TextOutput
  let errors: TextOutput
  package let session: DexSession<App>
  /// How many lines were rejected so far, in every script.
  package private(set) var rejectedCount = 0
  /// Scripts being run, innermost last, so a script cannot run itself.
  var runningScripts: [ScriptRun] = []
  /// The `run` scripts breakpoint hits stopped, one chain per hit (innermost script first),
  /// the latest hit last: `continue` runs the rest of the latest chain.
  var stoppedRuns: [[ScriptRun]] = []
  /// The scripts a hit is stopping while the `run` lines return to the prompt, innermost first.
  var stoppingRuns: [ScriptRun] = []
  /// The script whose line is running (nil at the prompt or on standard input): `run` reads a
  /// relative path from its directory.
  var scriptOfLine: ScriptRun?
  /// How many scripts run from the command line (`dex FILE`) rather than from `run FILE`: a
  /// breakpoint hit stops the `run` scripts only.
  package var commandLineScriptDepth = 0
  /// The errors reported for script lines, as printed (`tour.dex:4: …`), for a session page.
  private(set) var failures: [String] = []
  /// The commands run in this session, for `history` and `!N`.
  private(set) var lineHistory: [String] = []
  /// Every command by the names it answers to (`CommandTable.byName`).
  private let commands = CommandTable<App>.byName

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
    runLines(source: configuration.sourceName, prompting: { reader.readLine(prompt: $0) })
    // What a breakpoint interrupted and nobody continued is dropped at the end.
    dropStoppedWork()
    return configuration.sourceName != nil && rejectedCount > 0 ? 1 : 0
  }

  /// Runs lines from `next` (a reader that does not prompt) until quit, end of input, or a
  /// failure in a script.
  @discardableResult
  func runLines(source: String?, next: () -> LineReaderEvent) -> RunEnd {
    runLines(source: source, prompting: { _ in next() })
  }

  /// Runs commands read with `next(prompt)` until quit, end of input, or a failure in a script;
  /// returns how it stopped. A command goes on over the next lines while a bracket or a string
  /// is open (read with the continuation prompt); an error names its first line.
  @discardableResult
  func runLines(source: String?, prompting next: (_ prompt: String) -> LineReaderEvent) -> RunEnd {
    var position = LinePosition()
    return runLines(source: source, position: &position, prompting: next)
  }

  /// Runs lines as `runLines(source:prompting:)` does, from `position`; `first`, when given, is
  /// how the command at `position` ended (a `run` line whose script `continue` resumed), taken
  /// before the next line is read.
  func runLines(
    source: String?, position: inout LinePosition, resumingWith first: (() -> Outcome)? = nil,
    prompting next: (_ prompt: String) -> LineReaderEvent
  ) -> RunEnd {
    var pending = first
    while true {
      let outcome: Outcome
      var endsInput = false
      if let resumed = pending {
        pending = nil
        outcome = resumed()
      } else {
        switch nextCommand(source: source, position: &position, next: next) {
        case .skipped: continue
        case .ended(let end): return end
        case .ran(let ran, let ends):
          outcome = ran
          endsInput = ends
        }
      }
      switch outcome {
      case .proceed:
        if session.hasInputEnded { return .endOfInput }
        let hits = session.debugger.takeNewHits()
        if !hits.isEmpty, runningScripts.count > commandLineScriptDepth { return .stopped }
        if !hits.isEmpty, source != nil, let end = session.debugger.openPostMortem(), end != .resumed { return end }
        continue
      case .stopped:
        // The `run` lines return up to the prompt (or the command-line script), which keeps
        // what they stopped for `continue`.
        if runningScripts.count > commandLineScriptDepth { return .stopped }
        keepStoppedRuns()
        if source != nil, let end = session.debugger.openPostMortem(), end != .resumed { return end }
        continue
      case .quit:
        return .quit
      case .resume:
        return .resumed
      case .rejected(let error):
        rejectedCount += 1
        report(error, source: source, line: position.commandLine)
        if source != nil, let end = session.debugger.openPostMortem() {
          if end == .resumed { continue }
          return end
        }
        if source != nil && !configuration.keepsGoing { return .failed }
        if endsInput { return .endOfInput }
      }
    }
  }

  /// What reading and running the next command gave.
  private enum NextCommand {
    /// Nothing ran (Ctrl-C, or a command dropped with it).
    case skipped
    /// The input ended, or a signal asked dex to end.
    case ended(RunEnd)
    /// A command ran (or was refused); `endsInput` when nothing can follow it.
    case ran(Outcome, endsInput: Bool)
  }

  /// Reads the next command with `next` and runs it, counting its lines in `position`.
  private func nextCommand(
    source: String?, position: inout LinePosition,
    next: (_ prompt: String) -> LineReaderEvent
  ) -> NextCommand {
    let event = next(configuration.prompt)
    // SIGHUP or SIGTERM: stop here, and let the program save and end.
    if TerminalSignals.terminationRequested { return .ended(.terminated) }
    // An error names the command's first line.
    position.commandLine = position.linesRead + 1
    switch event {
    case .endOfInput:
      return .ended(.endOfInput)
    case .interrupt:
      return .skipped
    case .lineTooLong:
      position.linesRead += 1
      return .ran(.rejected(.lineTooLong(bytes: nil)), endsInput: false)
    case .line(let line):
      position.linesRead += 1
      let firstLine = position.linesRead
      switch readCommand(startingWith: line, lineNumber: &position.linesRead, next: next) {
      case .command(let command):
        let wasRunningScriptLine = session.isRunningScriptLine
        let outerScript = scriptOfLine
        session.isRunningScriptLine = source != nil
        scriptOfLine = source == nil ? nil : runningScripts.last
        let outcome = execute(command)
        session.isRunningScriptLine = wasRunningScriptLine
        scriptOfLine = outerScript
        return .ran(outcome, endsInput: false)
      case .dropped:
        return .skipped
      case .terminated:
        return .ended(.terminated)
      case .tooLong:
        return .ran(.rejected(.lineTooLong(bytes: nil)), endsInput: false)
      case .commandTooLong(let lines):
        return .ran(.rejected(.commandTooLong(lines: lines)), endsInput: false)
      case .unclosed(let open):
        return .ran(.rejected(.failed(.unclosedCommand(open: "\(open)"))), endsInput: true)
      case .unclosedString(let lineOffset):
        let line = lineOffset == 0 ? nil : firstLine + lineOffset
        return .ran(.rejected(.failed(.unclosedString(line: line))), endsInput: false)
      }
    }
  }

  /// What reading a command that may go on over several lines gave.
  private enum ReadCommand {
    case command(String)
    /// Ctrl-C while it went on.
    case dropped
    /// SIGHUP or SIGTERM while it went on.
    case terminated
    /// A line of it was too long.
    case tooLong
    /// Its lines together were too long.
    case commandTooLong(lines: Int)
    /// The input ended with this bracket still open.
    case unclosed(Character)
    /// A string was left open at the end of a line (`lineOffset` lines after the first).
    case unclosedString(lineOffset: Int)
  }

  /// The command that starts with `line`, read on over the next lines (with the continuation
  /// prompt) while a bracket is open; a string left open at the end of a line ends it with an
  /// error (the next line is a command of its own). `lineNumber` counts the lines read.
  private func readCommand(
    startingWith line: String, lineNumber: inout Int,
    next: (_ prompt: String) -> LineReaderEvent
  ) -> ReadCommand {
    var command = line
    let firstLine = lineNumber
    var scanner = CommandText.BracketScanner(firstLine: line)
    // Past the longest line dex runs, the rest is only scanned for where the command ends.
    var isTooLong = false
    while let open = scanner.openBracket {
      if open == "\"" { return .unclosedString(lineOffset: lineNumber - firstLine) }
      let event = next(configuration.continuationPrompt)
      if TerminalSignals.terminationRequested { return .terminated }
      switch event {
      case .line(let more):
        lineNumber += 1
        let piece = " " + more
        scanner.consume(piece)
        guard !isTooLong else { continue }
        command += piece
        isTooLong = command.utf8.count > maximumLineLength
      case .interrupt:
        return .dropped
      case .lineTooLong:
        lineNumber += 1
        return .tooLong
      case .endOfInput:
        return .unclosed(open)
      }
    }
    return isTooLong ? .commandTooLong(lines: lineNumber - firstLine + 1) : .command(command)
  }

  /// How a run of lines ended.
  enum RunEnd: Equatable {
    case endOfInput, quit, failed
    /// A breakpoint hit inside a `run FILE`: the prompt (or the outer script's next line) is
    /// there, and `continue` runs the rest.
    case stopped
    /// SIGHUP or SIGTERM asked dex to end.
    case terminated
    /// `continue` at the prompt `--debug` opened.
    case resumed
  }

  /// Runs one line: blank lines and `#` comments do nothing.
  package func execute(_ line: String) -> Outcome {
    guard line.utf8.count <= maximumLineLength else {
      return .rejected(.lineTooLong(bytes: line.utf8.count))
    }
    var line = line
    if line.trimmingWhitespace().hasPrefix("!") {
      do {
        line = try recalled(line.trimmingWhitespace())
      } catch {
        return .rejected(error)
      }
      console.print(line)
    }
    let trimmed = line.trimmingWhitespace()
    guard let (first, arguments) = CommandText.nameAndArguments(trimmed), !first.hasPrefix("#")
    else { return .proceed }
    lineHistory.append(trimmed)
    let name = String(first)
    guard let command = commands[name] else {
      return .rejected(.unknownCommand(name, suggestion: CommandTable<App>.suggestion(for: name)))
    }
    if !command.descriptor.acceptsArguments && !arguments.isEmpty {
      return .rejected(
        .unexpectedArguments(command: name, arguments: arguments, synopsis: command.synopsis))
    }
    let call = CommandCall(
      name: command.name, typedName: name, arguments: arguments, synopsis: command.synopsis)
    do {
      if command.changesTheApp(arguments) {
        try session.refuseWhileStepping(command: name)
        try finishStoppedMoveBeforeScriptLine()
      }
      return try command.run(self, call)
    } catch {
      return .rejected(error)
    }
  }

  /// Where the session prints: commands write through it.
  package var console: Console { session.console }

  /// Writes `error` to standard error (`FILE:LINE: message` in a script); with `--json`, also
  /// as an `error` object on standard output, so the transcript shows where it stopped.
  func report(_ error: REPLError, source: String?, line: Int) {
    let text = source.map { "\($0):\(line): \(error)" } ?? "\(error)"
    if source != nil { failures.append(text) }
    console.printError(text, to: errors) {
      var members: [JSONValue.Member] = []
      if let source { members += [.init("source", .string(source)), .init("line", .number(line))] }
      members.append(.init("message", .string("\(error)")))
      return members
    }
  }
}
