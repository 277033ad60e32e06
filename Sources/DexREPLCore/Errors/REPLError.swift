/// A command line or an option dex rejects. The wording users see lives here.
package enum REPLError: Error, Equatable, Sendable {
  /// A line started with a word that names no command.
  case unknownCommand(String, suggestion: String?)
  /// Something followed a command that takes no arguments.
  case unexpectedArguments(command: String, arguments: String, synopsis: String)
  /// An option `dex` does not have.
  case unknownOption(String, suggestion: String?)
  /// An argument that is not an option (scripts on the command line come later).
  case unexpectedArgument(String)
}

extension REPLError: CustomStringConvertible {
  package var description: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      "Unknown command '\(name)'.\(Self.didYouMean(suggestion)) Type 'help' for the list."
    case .unexpectedArguments(let command, let arguments, let synopsis):
      "'\(command)' takes no arguments, but got '\(arguments)'. Usage: \(synopsis)"
    case .unknownOption(let option, let suggestion):
      "unknown option '\(option)'.\(Self.didYouMean(suggestion)) Run 'dex --help' for usage."
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'. Run 'dex --help' for usage."
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { " Did you mean '\($0)'?" } ?? ""
  }
}
