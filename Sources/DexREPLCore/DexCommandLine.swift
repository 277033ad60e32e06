#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `dex` program: options, then an interactive session on a terminal or a plain read of
/// standard input otherwise.
package enum DexCommandLine {
  /// What `dex --version` reports.
  package static let version = "0.1.0"

  /// The one line an interactive session starts with.
  package static let banner = "dex \(version) — type 'help' for commands, Ctrl-D to quit."

  /// Runs `dex` with `arguments` (without the program name) and returns its exit status:
  /// 0 success, 1 a rejected command on standard input, 2 a usage error.
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

    if isatty(STDIN_FILENO) == 1 {
      let environment = environmentValues(["DEX_HISTFILE", "XDG_STATE_HOME", "HOME"])
      var reader = ReadlineLineReader(
        configuration: .init(
          history: HistoryFile.standardLocation(environment: environment),
          completion: CommandTable.completions),
        diagnostics: errors)
      output.writeLine(banner)
      var repl = REPL(
        configuration: .init(sourceName: nil, keepsGoing: options.keepsGoing),
        output: output, errors: errors)
      let status = repl.run(reading: &reader)
      reader.finish()
      return status
    } else {
      var reader = PlainLineReader(output: output)
      var repl = REPL(
        configuration: .init(sourceName: "<stdin>", keepsGoing: options.keepsGoing),
        output: output, errors: errors)
      let status = repl.run(reading: &reader)
      reader.finish()
      return status
    }
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
