import Foundation
import PokedexCore
import Composable

/// The command-line options of `dex`.
package struct LaunchOptions: Equatable, Sendable {
  /// What `dex` was asked to do.
  package enum Request: Equatable, Sendable {
    case runSession
    case showUsage
    case showVersion
  }

  /// Where Pokémon come from.
  package enum Source: Equatable, Sendable {
    /// The offline dataset shipped with dex.
    case bundled
    /// A PokeAPI-compatible server at an API root or bare host, with its responses cached on
    /// disk unless `usesCache` is false (`--no-cache`).
    case pokeAPI(URL, usesCache: Bool = true)

    /// The source with its cache off when `usesCache` is false.
    package func cached(_ usesCache: Bool) -> Source {
      guard case let .pokeAPI(url, cached) = self else { return self }
      return .pokeAPI(url, usesCache: cached && usesCache)
    }
  }

  package var request: Request = .runSession
  /// `--keep-going`: a script continues after a rejected command (the exit status is still 1).
  package var keepsGoing = false
  /// `--data-dir DIR`: where favorites live.
  package var dataDirectory: String?
  /// `--source`: where Pokémon come from.
  package var source: Source = .bundled
  /// False with `--no-cache`: PokeAPI clients of this run read and write no cache.
  package var usesPokeAPICache = true
  /// `--clock`: the clock effects sleep on; nil picks live on a terminal, immediate otherwise.
  package var clock: ClockMode?
  /// `--history-limit N`: keep at most N entries (oldest folded into the start).
  package var historyLimit: Int?
  /// `--no-color`.
  package var noColor = false
  /// `--json`: one JSON object per processed action.
  package var json = false
  /// Scripts to run, in order.
  package var scripts: [String] = []

  package init(request: Request = .runSession, keepsGoing: Bool = false) {
    self.request = request
    self.keepsGoing = keepsGoing
  }

  /// Every option, for did-you-mean.
  static let optionNames = [
    "--data-dir", "--source", "--no-cache", "--clock", "--keep-going", "--history-limit",
    "--no-color", "--json", "--help", "--version",
  ]

  /// The URL `--source pokeapi` uses without `=URL`.
  package static let defaultPokeAPI = PokemonClient.publicPokeAPI

  /// Reads `arguments` (without the program name); `--help` and `--version` win as soon as
  /// they are seen, and the first bad argument is the error.
  package static func parse(_ arguments: [String]) throws(REPLError) -> LaunchOptions {
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
      case "--no-color":
        options.noColor = true
      case "--json":
        options.json = true
      case "--data-dir":
        let directory = try value()
        guard !directory.isEmpty else { throw .invalidOptionValue(name, directory, expected: "a directory") }
        options.dataDirectory = directory
      case "--source":
        options.source = try parseSource(try value())
      case "--no-cache":
        options.usesPokeAPICache = false
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
        throw .unknownOption(argument, suggestion: name.closestMatch(in: optionNames))
      }
    }
    options.source = options.source.cached(options.usesPokeAPICache)
    return options
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func parseSource(_ text: String) throws(REPLError) -> Source {
    if text == "bundled" { return .bundled }
    if text == "pokeapi" { return .pokeAPI(defaultPokeAPI) }
    if text.hasPrefix("pokeapi=") {
      let address = String(text.dropFirst("pokeapi=".count))
      guard let url = URL(string: address), let scheme = url.scheme,
        ["http", "https"].contains(scheme), url.host != nil, url.query == nil,
        url.fragment == nil
      else {
        throw .invalidOptionValue(
          "--source", text,
          expected: "pokeapi=URL of the API root (https://pokeapi.co/api/v2/) or the host")
      }
      return .pokeAPI(url)
    }
    throw .invalidOptionValue("--source", text, expected: "bundled, pokeapi or pokeapi=URL")
  }

  /// What `dex --help` prints.
  package static let usage = """
    Usage: dex [OPTIONS] [SCRIPT…]
           dex --help | --version

    Explores the Pokédex store from a read-eval-print loop. On a terminal, dex reads commands
    with line editing, history and tab completion. With SCRIPT files, or when standard input is
    not a terminal, it runs the commands one a line with no banner, prompt or echo: scripts are
    deterministic (immediate clock, UUIDs counting up, a fixed date). Type 'help' in dex for
    the commands.

    Options:
      --data-dir DIR          keep favorites in DIR (default: $DEX_DATA_DIR, else
                              $XDG_DATA_HOME/dex, else ~/.local/share/dex)
      --source SOURCE         bundled (default), pokeapi (https://pokeapi.co/api/v2/), or
                              pokeapi=URL of a PokeAPI server's API root or host
      --no-cache              PokeAPI: no cached responses read or written (default cache:
                              $DEX_CACHE_DIR, else $XDG_CACHE_HOME/dex/pokeapi, else
                              ~/.cache/dex/pokeapi; 30 days unless the server says)
      --clock MODE            live, immediate or manual (default: live on a terminal,
                              immediate for scripts)
      --keep-going            in a script, continue after a failed line (exit status still 1)
      --history-limit N       keep at most N history entries (default: no limit)
      --no-color              no colour (also when NO_COLOR is set or output is not a terminal)
      --json                  print one JSON object per processed action
      --help, -h              show this help and exit
      --version               print the version and exit

    History of typed lines: $DEX_HISTFILE, else $XDG_STATE_HOME/dex/history, else
    ~/.local/state/dex/history; an empty DEX_HISTFILE or /dev/null turns it off.

    Exit status: 0 success, 1 an expectation failed, a command was rejected or (in a script or
    pipe) a favorites change could not be written, 2 a usage error. SIGHUP and SIGTERM save the
    history and favorites, then end dex by that signal.

    """
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
