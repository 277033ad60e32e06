#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Composable

/// What `dex --version` reports.
package let dexVersion = "0.1.0"

/// The `dex` program over an app: options, then scripts, an interactive session on a terminal,
/// or a plain read of standard input.
public enum DexCommandLine<App: REPLApp> {
  /// The one line an interactive session starts with.
  package static var banner: String { "dex \(dexVersion) — type 'help' for commands, Ctrl-D to quit." }

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
      options = try LaunchOptions.parse(arguments, app: App.launchOptions)
    } catch {
      errors.writeLine("dex: \(error)")
      return 2
    }
    switch options.request {
    case .showUsage:
      let usage = LaunchOptions.usage(for: App.self)
      // On a terminal, filled to its width; through a pipe, as written.
      if let width = TerminalWidth.columns(of: STDOUT_FILENO) {
        output.write(ProseWrapper(width: width).reflow(usage))
      } else {
        output.write(usage)
      }
      return 0
    case .showVersion:
      output.writeLine("dex \(dexVersion)")
      return 0
    case .runSession:
      break
    }
    if let session = options.verifiedSession, !options.scripts.isEmpty {
      errors.writeLine(
        "dex: --verify replays \(session) alone; run the scripts without it: dex \(options.scripts[0]).")
      return 2
    }
    // Checked without opening: a FIFO's writer must not see a reader come and go.
    for script in options.scripts where access(script, R_OK) != 0 {
      errors.writeLine("dex: \(REPLError.unreadableScript(path: script, errorNumber: errno))")
      return 2
    }
    if let session = options.verifiedSession, !FileManager.default.isReadableFile(atPath: session) {
      let reason = FileManager.default.fileExists(atPath: session) ? "permission denied" : "no such file"
      errors.writeLine("dex: cannot read session \(session): \(reason).")
      return 2
    }
    if let page = options.page, !page.replacing, FileManager.default.fileExists(atPath: page.path) {
      errors.writeLine("dex: \(page.path) exists; '--html! \(page.path)' replaces it.")
      return 2
    }
    if options.debugs, options.scripts.isEmpty || isatty(STDIN_FILENO) != 1 {
      errors.writeLine(
        options.scripts.isEmpty
          ? "dex: --debug runs a script; name one: dex --debug FILE."
          : "dex: --debug opens a prompt at the failing line and needs a terminal; run 'dex FILE' without it.")
      return 2
    }
    if let directory = options.dataDirectory {
      App.dataDirectory.use(URL(fileURLWithPath: (directory as NSString).expandingTildeInPath))
    }
    let interactive =
      options.scripts.isEmpty && options.verifiedSession == nil && isatty(STDIN_FILENO) == 1
    // Scripts and piped input are hermetic: shared values start fresh in memory and no file of
    // the user's is touched, unless a data directory was named explicitly.
    let variable = App.dataDirectory.environmentVariable
    let namesDataDirectory =
      options.dataDirectory != nil || !(environmentValues([variable])[variable] ?? "").isEmpty
    // Ctrl-C stops a wait for another process's lock that keeps dex waiting (at exit).
    let reports = ReportDestination(errors: errors)
    let container =
      interactive || namesDataDirectory
      ? SharedContainer(
        storage: .persistent, appStorageURL: App.dataDirectory.appStorageFile?(),
        lockWaiting: FileLockWaiting(isInterrupted: { TerminalSignals.consumeInterrupt() }),
        reportError: { reports.report($0) })
      : SharedContainer(storage: .inMemory)
    return SharedContainer.$current.withValue(container) {
      runSession(
        options: options, commandLine: commandLine(arguments), interactive: interactive,
        reports: reports, output: output, errors: errors)
    }
  }

  /// Runs the scripts, the interactive session or standard input, with the shared container set.
  private static func runSession(
    options: LaunchOptions, commandLine: String, interactive: Bool, reports: ReportDestination,
    output: TextOutput,
    errors: TextOutput
  ) -> Int32 {
    var settings = SessionSettings()
    settings.appOptions = options.appOptions
    settings.clock = options.clock ?? (interactive ? .live : .immediate)
    if interactive { settings.dates = .system }
    settings.historyLimit = options.historyLimit
    settings.style = TranscriptStyle.forStandardOutput(noColorOption: options.noColor)
    settings.printsJSON = options.json
    settings.isInteractive = interactive
    settings.pager = interactive ? Pager.forStandardOutput(noPagerOption: options.noPager) : nil
    settings.commandLine = commandLine
    settings.recordsPage = options.page != nil

    if let path = options.verifiedSession {
      // The verification is a script of one line: its failure is the exit status.
      let session = DexSession<App>(settings: settings, output: output, asynchronousOutput: nil)
      let repl = REPL(
        configuration: .init(sourceName: nil), session: session, output: output, errors: errors)
      // `import` takes the file name whole, a pair of quotes around it removed.
      var lines = ["import --verify \"\(path)\""][...]
      repl.runLines(source: nil, next: { lines.popFirst().map(LineReaderEvent.line) ?? .endOfInput })
      return finish(repl, status: repl.rejectedCount > 0 ? 1 : 0, page: options.page, errors: errors)
    }
    if !options.scripts.isEmpty {
      let session = DexSession<App>(settings: settings, output: output, asynchronousOutput: nil)
      let repl = REPL(
        configuration: .init(sourceName: nil, keepsGoing: options.keepsGoing),
        session: session, output: output, errors: errors)
      repl.commandLineScriptDepth = 1
      var debugReader: ReadlineLineReader?
      if options.debugs {
        let reader = ReadlineLineReader(
          configuration: ReadlineLineReader.Configuration(history: nil), diagnostics: errors)
        debugReader = reader
        session.debugger.postMortemPrompt = { [unowned repl] in
          repl.runLines(source: nil, prompting: { reader.readLine(prompt: $0) })
        }
      }
      defer { debugReader?.finish() }
      for script in options.scripts {
        let end: REPL<App>.RunEnd
        do {
          end = try repl.runScript(at: script)
        } catch {
          errors.writeLine("dex: \(error)")
          return 2
        }
        // What a breakpoint interrupted is dropped at the end of the script.
        repl.dropStoppedWork()
        if end == .terminated || end != .endOfInput && (!options.keepsGoing || repl.rejectedCount == 0) {
          break
        }
      }
      let status = finishWriting(
        status: repl.rejectedCount > 0 ? 1 : 0, interactive: false, errors: errors)
      return finish(repl, status: status, page: options.page, errors: errors)
    }

    if interactive {
      let environment = environmentValues(["DEX_HISTFILE", "XDG_STATE_HOME", "HOME"])
      var configuration = ReadlineLineReader.Configuration(
        history: HistoryFile.standardLocation(environment: environment))
      // `dex | tee log`: the prompt, the echo and readline's escape codes go to the terminal
      // on standard error, so standard output carries only what dex prints.
      configuration.editsOnStandardError =
        isatty(STDOUT_FILENO) != 1 && isatty(STDERR_FILENO) == 1
      let reader = ReadlineLineReader(configuration: configuration, diagnostics: errors)
      let session = DexSession<App>(
        settings: settings, output: output, asynchronousOutput: reader.asynchronousOutput)
      let completer = Completer<App>(session: session)
      reader.setCompletion(
        { completer.completions(line: $0, wordStart: $1, word: $2) },
        presentation: CompletionPresentation(
          display: { completer.displayText(of: $0) }, describe: { completer.description(of: $0) },
          appendsSpace: { completer.appendsSpace }))
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
      return finish(repl, status: status, page: options.page, errors: errors)
    }

    var reader = PlainLineReader(output: output)
    let session = DexSession<App>(settings: settings, output: output, asynchronousOutput: nil)
    let repl = REPL(
      configuration: .init(sourceName: "<stdin>", keepsGoing: options.keepsGoing),
      session: session, output: output, errors: errors)
    let status = repl.run(reading: &reader)
    reader.finish()
    let written = finishWriting(status: status, interactive: false, errors: errors)
    return finish(repl, status: written, page: options.page, errors: errors)
  }

  /// Writes the pending changes of shared values (waiting for a lock at most its timeout, or
  /// until Ctrl-C), says which could not be written, and returns the exit status: 1 in a script
  /// or pipe when some could not.
  private static func finishWriting(status: Int32, interactive: Bool, errors: TextOutput) -> Int32 {
    let unwritten = SharedContainer.resolved.finishWriting()
    for line in UnwrittenChanges<App>.lines(unwritten) { errors.writeLine("dex: \(line)") }
    return unwritten.isEmpty || interactive ? status : 1
  }

  /// Ends a run: writes the page `--html` asked for, with the run's failures; a page that
  /// cannot be written is reported and makes the status 1.
  private static func finish(
    _ repl: REPL<App>, status: Int32, page: LaunchOptions.PageRequest?, errors: TextOutput
  ) -> Int32 {
    guard let page else { return status }
    do {
      try repl.writePage(
        to: (page.path as NSString).expandingTildeInPath, replacing: page.replacing,
        replacement: "--html! \(page.path)", announces: false)
    } catch {
      errors.writeLine("dex: \(error)")
      return max(status, 1)
    }
    return status
  }

  /// `dex` and its arguments as a shell reads them: arguments with spaces or quotes are quoted.
  static func commandLine(_ arguments: [String]) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    let words = arguments.map { argument in
      !argument.isEmpty && argument.allSatisfy(safe.contains)
        ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    return (["dex"] + words).joined(separator: " ")
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
