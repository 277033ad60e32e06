#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import PokedexCore
import Composable

/// The `dex` program: options, then scripts, an interactive session on a terminal, or a plain
/// read of standard input.
package enum DexCommandLine {
  /// What `dex --version` reports.
  package static let version = "0.1.0"

  /// The one line an interactive session starts with.
  package static let banner = "dex \(version) — type 'help' for commands, Ctrl-D to quit."

  /// Runs `dex` with `arguments` (without the program name) and returns its exit status:
  /// 0 success, 1 an expectation failed, a command was rejected or (in a script) a change of a
  /// shared value could not be written, 2 a usage error.
  package static func run(
    arguments: [String],
    output: TextOutput = .standardOutput,
    errors: TextOutput = .standardError
  ) -> Int32 {
    let options: LaunchOptions
    do {
      options = try LaunchOptions.parse(arguments)
    } catch {
      errors.writeLine("dex: \(error)")
      return 2
    }
    switch options.request {
    case .showUsage:
      output.write(LaunchOptions.usage)
      return 0
    case .showVersion:
      output.writeLine("dex \(version)")
      return 0
    case .runSession:
      break
    }
    for script in options.scripts where !FileManager.default.isReadableFile(atPath: script) {
      let reason = FileManager.default.fileExists(atPath: script) ? "permission denied" : "no such file"
      errors.writeLine("dex: cannot read script \(script): \(reason).")
      return 2
    }
    if let directory = options.dataDirectory {
      DataDirectory.use(URL(fileURLWithPath: (directory as NSString).expandingTildeInPath))
    }
    let interactive = options.scripts.isEmpty && isatty(STDIN_FILENO) == 1
    // Scripts and piped input are hermetic: shared values start fresh in memory and no file of
    // the user's is touched, unless a data directory was named explicitly.
    let namesDataDirectory =
      options.dataDirectory != nil || !(environmentValues(["DEX_DATA_DIR"])["DEX_DATA_DIR"] ?? "").isEmpty
    // Ctrl-C stops a wait for another process's lock that keeps dex waiting (at exit).
    let reports = ReportDestination(errors: errors)
    let container =
      interactive || namesDataDirectory
      ? SharedContainer(
        storage: .persistent,
        lockWaiting: FileLockWaiting(isInterrupted: { TerminalSignals.consumeInterrupt() }),
        reportError: { reports.report($0) })
      : SharedContainer(storage: .inMemory)
    return SharedContainer.$current.withValue(container) {
      runSession(
        options: options, interactive: interactive, reports: reports, output: output,
        errors: errors)
    }
  }

  /// Runs the scripts, the interactive session or standard input, with the shared container set.
  private static func runSession(
    options: LaunchOptions, interactive: Bool, reports: ReportDestination, output: TextOutput,
    errors: TextOutput
  ) -> Int32 {
    var settings = SessionSettings()
    settings.source = options.source
    settings.usesPokeAPICache = options.usesPokeAPICache
    settings.clock = options.clock ?? (interactive ? .live : .immediate)
    if interactive { settings.dates = .system }
    settings.historyLimit = options.historyLimit
    settings.style = TranscriptStyle.forStandardOutput(noColorOption: options.noColor)
    settings.printsJSON = options.json
    settings.isInteractive = interactive

    if !options.scripts.isEmpty {
      let session = DexSession(settings: settings, output: output, asynchronousOutput: nil)
      let repl = REPL(
        configuration: .init(sourceName: nil, keepsGoing: options.keepsGoing),
        session: session, output: output, errors: errors)
      for script in options.scripts {
        let end: REPL.RunEnd
        do {
          end = try repl.runScript(at: script)
        } catch {
          errors.writeLine("dex: \(error).")
          return 2
        }
        if end == .terminated || end != .endOfInput && (!options.keepsGoing || repl.rejectedCount == 0) {
          break
        }
      }
      return finishWriting(status: repl.rejectedCount > 0 ? 1 : 0, interactive: false, errors: errors)
    }

    if interactive {
      let environment = environmentValues(["DEX_HISTFILE", "XDG_STATE_HOME", "HOME"])
      let reader = ReadlineLineReader(
        configuration: .init(history: HistoryFile.standardLocation(environment: environment)),
        diagnostics: errors)
      let session = DexSession(
        settings: settings, output: output, asynchronousOutput: reader.asynchronousOutput)
      let completer = Completer(session: session)
      reader.setCompletion(
        { completer.completions(line: $0, wordStart: $1, word: $2) },
        describe: { completer.description(of: $0) })
      output.writeLine(settings.style.header(banner))
      var lineReader = reader
      let repl = REPL(
        configuration: .init(sourceName: nil, keepsGoing: options.keepsGoing),
        session: session, output: output, errors: errors)
      reports.post(to: reader.asynchronousOutput)
      let ran = repl.run(reading: &lineReader)
      reports.post(to: nil)
      let status = finishWriting(status: ran, interactive: true, errors: errors)
      lineReader.finish()
      return status
    }

    var reader = PlainLineReader(output: output)
    let session = DexSession(settings: settings, output: output, asynchronousOutput: nil)
    let repl = REPL(
      configuration: .init(sourceName: "<stdin>", keepsGoing: options.keepsGoing),
      session: session, output: output, errors: errors)
    let status = repl.run(reading: &reader)
    reader.finish()
    return finishWriting(status: status, interactive: false, errors: errors)
  }

  /// Writes the pending changes of shared values (waiting for a lock at most its timeout, or
  /// until Ctrl-C), says which could not be written, and returns the exit status: 1 in a script
  /// or pipe when some could not.
  private static func finishWriting(status: Int32, interactive: Bool, errors: TextOutput) -> Int32 {
    let unwritten = SharedContainer.resolved.finishWriting()
    for line in UnwrittenChanges.lines(unwritten) { errors.writeLine("dex: \(line)") }
    return unwritten.isEmpty || interactive ? status : 1
  }

  /// The values of the variables in `names` that are set.
  private static func environmentValues(_ names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }
}
