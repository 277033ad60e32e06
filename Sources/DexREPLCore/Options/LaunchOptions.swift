/// The command-line options of `dex`.
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

  package init(request: Request = .runSession, keepsGoing: Bool = false) {
    self.request = request
    self.keepsGoing = keepsGoing
  }

  /// Every option, for did-you-mean.
  static let optionNames = ["--keep-going", "--help", "--version"]

  /// Reads `arguments` (without the program name); `--help` and `--version` win as soon as
  /// they are seen, and the first bad argument is the error.
  package static func parse(_ arguments: [String]) throws(REPLError) -> LaunchOptions {
    var options = LaunchOptions()
    for argument in arguments {
      switch argument {
      case "--help", "-h":
        return LaunchOptions(request: .showUsage)
      case "--version":
        return LaunchOptions(request: .showVersion)
      case "--keep-going":
        options.keepsGoing = true
      case _ where argument.hasPrefix("-"):
        throw .unknownOption(argument, suggestion: argument.closestMatch(in: optionNames))
      default:
        throw .unexpectedArgument(argument)
      }
    }
    return options
  }

  /// What `dex --help` prints.
  package static let usage = """
    Usage: dex [--keep-going]
           dex --help | --version

    Explores the Pokédex store from a read-eval-print loop. On a terminal, dex reads commands
    with line editing, history and tab completion; otherwise it reads them from standard input,
    one a line, with no banner, prompt or echo. Type 'help' in dex for the commands.

    Options:
      --keep-going  when reading standard input, continue after a rejected command
                    (the exit status is still 1)
      --help, -h    show this help and exit
      --version     print the version and exit

    History is kept in $DEX_HISTFILE, else $XDG_STATE_HOME/dex/history, else
    ~/.local/state/dex/history; an empty DEX_HISTFILE or /dev/null turns it off.

    Exit status: 0 success, 1 a command was rejected (standard input), 2 a usage error.

    """
}
