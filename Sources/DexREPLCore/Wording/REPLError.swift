#if canImport(Glibc)
  import Glibc
#endif
import DexPlatform
import StoreInspector

/// A command line or an option dex rejects. The wording users see lives here, in `Wording/`:
/// this file, `Refusal` and `UsageProblem`.
package enum REPLError: Error, Equatable, Sendable {
  /// A line started with a word that names no command.
  case unknownCommand(String, suggestion: String?)
  /// Something followed a command that takes no arguments.
  case unexpectedArguments(command: String, arguments: String, synopsis: String)
  /// An option `dex` does not have.
  case unknownOption(String, suggestion: String?)
  /// An argument that is not an option.
  case unexpectedArgument(String)
  /// An option that needs a value came last.
  case missingOptionValue(String)
  /// An option's value is not one it takes.
  case invalidOptionValue(String, String, expected: String)
  /// A command's arguments do not fit it.
  case badArguments(command: String, problem: UsageProblem, synopsis: String)
  /// A command was understood but could not be carried out.
  case failed(Refusal)
  /// An `expect` did not hold.
  case expectationFailed(String)
  /// A script file could not be opened (`errorNumber` says why): by `run FILE` or `dex FILE`.
  case unreadableScript(path: String, errorNumber: Int32)
  /// A line is longer than dex reads; `bytes` is its length when it was read whole.
  case lineTooLong(bytes: Int?)
  /// A command going on over several lines grew past the longest line dex runs.
  case commandTooLong(lines: Int)
}

extension REPLError: CustomStringConvertible {
  /// The message, always one line: whatever it quotes from the input is escaped and cut.
  package var description: String {
    text.oneLine(limit: 2_000)
  }

  private var text: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      "Unknown command '\(name)'.\(Self.didYouMean(suggestion)) Type 'help' for the list."
    case .unexpectedArguments(let command, let arguments, let synopsis):
      "'\(command)' takes no arguments, but got '\(arguments)'. Usage: \(synopsis)"
    case .unknownOption(let option, let suggestion):
      "unknown option '\(option)'.\(Self.didYouMean(suggestion)) Run 'dex --help' for usage."
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'. Run 'dex --help' for usage."
    case .missingOptionValue(let option):
      "option '\(option)' needs a value. Run 'dex --help' for usage."
    case .invalidOptionValue(let option, let value, let expected):
      "option '\(option)' takes \(expected), not '\(value)'. Run 'dex --help' for usage."
    case .badArguments(let command, let problem, let synopsis):
      "\(command): \(problem.text.hasSuffix(".") ? String(problem.text.dropLast()) : problem.text). "
        + "Usage: \(synopsis)"
    case .failed(let refusal):
      refusal.problem.text
    case .expectationFailed(let message):
      "expectation failed: \(message)"
    case .unreadableScript(let path, let errorNumber):
      "cannot read script \(path): \(Self.scriptProblem(errorNumber))."
    case .lineTooLong(let bytes?):
      "this line is \(bytes) bytes long; dex reads lines of at most \(maximumLineLength) "
        + "bytes. Split it, or send the value in smaller parts."
    case .lineTooLong(nil):
      "this line is longer than \(maximumLineLength) bytes, the most dex reads; the rest "
        + "of it was skipped. Split it, or send the value in smaller parts."
    case .commandTooLong(let lines):
      "this command goes on over \(lines) lines and more than \(maximumLineLength) bytes, the "
        + "most dex runs; it was skipped to where it closes. Send the value in smaller parts."
    }
  }

  /// ` Did you mean 'x'?` after a name that was not found, or nothing.
  static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { " Did you mean '\($0)'?" } ?? ""
  }

  /// Why a script could not be opened: `no such file`, `permission denied`, `it is a directory`.
  private static func scriptProblem(_ errorNumber: Int32) -> String {
    switch errorNumber {
    case ENOENT, ENOTDIR: "no such file"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "it is a directory"
    default: FilePolicyError.describe(errorNumber)
    }
  }
}
