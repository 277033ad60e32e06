import Foundation

/// The command-line options of `dex`: the REPL's own, and the values of the app's
/// (`REPLApp.launchOptions`) by name.
package struct LaunchOptions: Equatable, Sendable {
  /// What `dex` was asked to do.
  package enum Request: Equatable, Sendable {
    case runSession
    case showUsage
    case showVersion
  }

  package var request: Request = .runSession
  /// `--keep-going`: a script continues after a rejected command (the exit status is still 1).
  package var keepsGoing = false
  /// `--debug`: at a script's first failing line (or a breakpoint hit), open the prompt there.
  package var debugs = false
  /// `--data-dir DIR`: where persisted shared values live.
  package var dataDirectory: String?
  /// `--clock`: the clock effects sleep on; nil picks live on a terminal, immediate otherwise.
  package var clock: ClockMode?
  /// `--history-limit N`: keep at most N entries (oldest folded into the start).
  package var historyLimit: Int?
  /// `--no-color`.
  package var noColor = false
  /// `--no-pager`: long output is printed, never piped to `$PAGER`.
  package var noPager = false
  /// `--json`: one JSON object per line.
  package var json = false
  /// The app's options that were given, by name (`--source`), with their values ("" for flags).
  package var appOptions: [String: String] = [:]
  /// Scripts to run, in order.
  package var scripts: [String] = []
  /// `--html FILE` (or `--html! FILE`, which replaces an existing file): write the session's
  /// page there when the run ends.
  package var page: PageRequest?
  /// `--verify SESSION`: replay a session saved by `export` and compare each entry's moment
  /// with the recorded one.
  package var verifiedSession: String?

  /// Where `--html` writes the page, and whether it may replace a file.
  package struct PageRequest: Equatable, Sendable {
    package var path: String
    package var replacing: Bool

    package init(path: String, replacing: Bool) {
      self.path = path
      self.replacing = replacing
    }
  }

  package init(request: Request = .runSession, keepsGoing: Bool = false) {
    self.request = request
    self.keepsGoing = keepsGoing
  }

  /// The REPL's own options, for did-you-mean.
  static let coreOptionNames = [
    "--data-dir", "--clock", "--keep-going", "--debug", "--history-limit", "--no-color", "--no-pager",
    "--json", "--html",
    "--html!", "--verify", "--help", "--version",
  ]

  /// Reads `arguments` (without the program name), with the app's options `app`; `--help` and
  /// `--version` win as soon as they are seen, and the first bad argument is the error.
  package static func parse(
    _ arguments: [String], app: [LaunchOption] = []
  ) throws(REPLError) -> LaunchOptions {
    var options = LaunchOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        options.scripts += remaining
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        options.scripts.append(argument)
        continue
      }
      let (name, inlineValue) = split(argument)
      func value() throws(REPLError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw .missingOptionValue(name) }
        return next
      }
      switch name {
      case "--help", "-h":
        return LaunchOptions(request: .showUsage)
      case "--version":
        return LaunchOptions(request: .showVersion)
      case "--keep-going":
        options.keepsGoing = true
      case "--debug":
        options.debugs = true
      case "--no-color":
        options.noColor = true
      case "--no-pager":
        options.noPager = true
      case "--json":
        options.json = true
      case "--html", "--html!":
        let path = try value()
        guard !path.isEmpty else { throw .invalidOptionValue(name, path, expected: "a file name") }
        options.page = PageRequest(path: path, replacing: name == "--html!")
      case "--verify":
        let path = try value()
        guard !path.isEmpty else { throw .invalidOptionValue(name, path, expected: "a session file") }
        options.verifiedSession = path
      case "--data-dir":
        let directory = try value()
        guard !directory.isEmpty else { throw .invalidOptionValue(name, directory, expected: "a directory") }
        options.dataDirectory = directory
      case "--clock":
        let text = try value()
        guard let mode = ClockMode(rawValue: text) else {
          throw .invalidOptionValue(name, text, expected: "live, immediate or manual")
        }
        options.clock = mode
      case "--history-limit":
        let text = try value()
        guard let limit = Int(text), limit > 0 else {
          throw .invalidOptionValue(name, text, expected: "a whole number above 0")
        }
        options.historyLimit = limit
      default:
        guard let option = app.first(where: { $0.name == name }) else {
          throw .unknownOption(
            argument, suggestion: name.closestMatch(in: coreOptionNames + app.map(\.name)))
        }
        guard option.valueName != nil else {
          options.appOptions[name] = ""
          continue
        }
        let text = try value()
        if let expected = option.problem(text) {
          throw .invalidOptionValue(name, text, expected: expected)
        }
        options.appOptions[name] = text
      }
    }
    return options
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// What `dex --help` prints for `App`.
  package static func usage<App: REPLApp>(for app: App.Type) -> String {
    func row(_ name: String, _ lines: [String]) -> String {
      let padded = name.count < 24 ? name + String(repeating: " ", count: 24 - name.count) : name + " "
      return lines.enumerated().map { offset, line in
        (offset == 0 ? "  " + padded : String(repeating: " ", count: 26)) + line
      }.joined(separator: "\n") + "\n"
    }
    let directory = App.dataDirectory
    var options = row(
      "--data-dir DIR",
      [
        "keep \(directory.contents) in DIR (default: $\(directory.environmentVariable), else",
        directory.defaultLocation + ")",
      ])
    for option in App.launchOptions {
      options += row(option.name + (option.valueName.map { " " + $0 } ?? ""), option.help)
    }
    options += row("--clock MODE", ["live, immediate or manual (default: live on a terminal,", "immediate for scripts)"])
    options += row("--keep-going", ["in a script, continue after a failed line (exit status still 1)"])
    options += row(
      "--debug",
      [
        "in a script, open the prompt at the first failing line or breakpoint",
        "hit, with the whole history; 'continue' resumes the script",
      ])
    options += row("--history-limit N", ["keep at most N history entries (default: no limit)"])
    options += row("--no-color", ["no colour (also when NO_COLOR is set or output is not a terminal)"])
    options += row(
      "--no-pager", ["print long output on a terminal instead of piping it to $PAGER (less -FRX)"])
    options += row("--json", ["print one JSON object per line (see README: --json)"])
    options += row(
      "--html FILE",
      [
        "when the run ends (also when a script fails), write the session",
        "as one HTML page to FILE; --html! FILE replaces an existing FILE",
      ])
    options += row(
      "--verify SESSION",
      [
        "replay a session saved by 'export' and compare each entry's state and",
        "shared values with the recorded ones: exit 0 when all match, else 1",
        "after '#N ACTION diverges' and the diff recorded → now",
      ])
    options += row("--help, -h", ["show this help and exit"])
    options += row("--version", ["print the version and exit"])
    return """
      Usage: dex [OPTIONS] [SCRIPT…]
             dex [--json] --verify SESSION
             dex --help | --version

      Explores \(App.subject) from a read-eval-print loop. On a terminal, dex reads commands
      with line editing, history and tab completion. With SCRIPT files, or when standard input is
      not a terminal, it runs the commands one a line with no banner, prompt or echo: scripts are
      deterministic (immediate clock, UUIDs counting up, a fixed date). Type 'help' in dex for
      the commands.

      Options:

      """ + options + """

      History of typed lines: $DEX_HISTFILE, else $XDG_STATE_HOME/dex/history, else
      ~/.local/state/dex/history; an empty DEX_HISTFILE or /dev/null turns it off.

      Exit status: 0 success, 1 an expectation failed, a command was rejected or (in a script or
      pipe) a change of a shared file could not be written, 2 a usage error. SIGHUP and SIGTERM
      save the history and shared files, then end dex by that signal.

      """
  }
}

/// The clock the app's effects sleep on.
package enum ClockMode: String, Equatable, Sendable, CaseIterable {
  /// Real time.
  case live
  /// Sleeps return at once: scripts run without waiting.
  case immediate
  /// Time moves only with `advance`.
  case manual
}
