/// What is wrong with a command's arguments, as facts: `REPLError.badArguments` puts its words
/// between the command's name and its usage (`back: the count must be 1 or more. Usage: …`),
/// and `text` below is the one place that words them.
package enum UsageProblem: Equatable, Sendable {
  /// Words another part made: an app's own command or argument parser, a path's syntax error.
  case described(String)
  case tooManyArguments
  /// An option the command does not have.
  case notAnOption(String, of: String)
  /// An option starting with `--` the command does not have.
  case unknownOption(String)
  case fileNameNeeded
  case actionNeeded
  /// No pattern; `example` is one in the app's actions (`REPLApp.actionPatternExample`).
  case patternNeeded(example: String?)
  case notACasePath(String, example: String?)
  /// No expectation; `example` is one in the app's paths (`REPLApp.expectationExample`).
  case pathNeeded(example: String?)
  /// `log --path` with nothing after it.
  case pathOptionNeedsPath
  /// Nothing after an operator (`==`) or `=`.
  case valueNeeded(after: String)
  case unreadableValue(reason: String)

  // MARK: Time travel

  case entryNumberNeeded
  case entryNumberFromOneNeeded
  case branchNumberNeeded
  case countBelowOne
  /// `word` is not a whole number from `lowest` (an entry number, a branch number…: `what`).
  case notANumber(String, what: String, lowest: Int)
  /// `word` is a whole number too large for any `what`.
  case numberTooLarge(String, what: String)

  // MARK: Debugging and effects

  case pathOrAllNeeded
  case breakpointKindNeeded
  case depthNotANumber
  case effectNeeded
  case effectAndAnswerNeeded

  // MARK: Clock and dependencies

  case notAClock(String)
  case durationNeeded
  case notADuration(String)
  case dependencyAndValueNeeded
  /// More than one value after a dependency that takes one.
  case oneValueOnly(dependency: String, got: String)
  case notAUUIDSetting(String)
  case notADateSetting(String)
  /// `dep clock VALUE`, which `clock VALUE` does.
  case clockIsACommand(String)
  case noDependency(String, suggestion: String?)
  case uuidsNeeded
  case datesNeeded
  case notAUUID(String)
  case notADate(String)

  // MARK: Shared values

  case sharedNameNeeded
  case noSharedValue(String, suggestion: String?, names: [String])
}

extension UsageProblem {
  /// The words, as a clause that `REPLError` follows with the usage.
  var text: String {
    switch self {
    case let .described(words): words
    case .tooManyArguments: "too many arguments"
    case let .notAnOption(option, command): "'\(option)' is not an option of \(command)"
    case let .unknownOption(option): "unknown option '\(option)'"
    case .fileNameNeeded: "a file name is needed"
    case .actionNeeded: "an action is needed ('actions' lists them)"
    case let .patternNeeded(example):
      "an action pattern is needed" + (example.map { ", e.g. \($0)" } ?? "")
    case let .notACasePath(text, example):
      "'\(text)' is not a case path" + (example.map { " such as \($0)" } ?? "")
    case let .pathNeeded(example): "a path is needed" + (example.map { ", e.g. \($0)" } ?? "")
    case .pathOptionNeedsPath: "--path needs a path"
    case let .valueNeeded(after): "a value is needed after '\(after)'"
    case let .unreadableValue(reason): "cannot read the value: \(reason)"

    case .entryNumberNeeded: "an entry number is needed"
    case .entryNumberFromOneNeeded: "an entry number from 1 is needed"
    case .branchNumberNeeded: "a branch number is needed"
    case .countBelowOne: "the count must be 1 or more"
    case let .notANumber(word, what, lowest):
      "'\(word)' is not \(what.first == "e" ? "an" : "a") \(what) (a whole number from \(lowest))"
    case let .numberTooLarge(word, what): "'\(word)' is larger than any \(what)"

    case .pathOrAllNeeded: "a path (or all) is needed"
    case .breakpointKindNeeded: "write 'when', 'on' or 'delete' first"
    case .depthNotANumber: "--depth takes a whole number of levels from 0"
    case .effectNeeded: "name one effect as 'effects' lists it (e1, e2…) or 'all'"
    case .effectAndAnswerNeeded:
      "name the effect that awaits an answer as 'effects' lists it (e1, e2…), then the answer"

    case let .notAClock(text): "'\(text)' is not a clock; use live, immediate or manual"
    case .durationNeeded: "a duration is needed"
    case let .notADuration(text): "'\(text)' is not a duration like 300ms, 1s, 2m or 1h (at most a day)"
    case .dependencyAndValueNeeded: "a dependency name and a value are needed, e.g. dep uuid random"
    case let .oneValueOnly(dependency, got): "\(dependency) takes one value, not '\(got)'"
    case let .notAUUIDSetting(text): "uuid takes incrementing, random or next UUID…, not '\(text)'"
    case let .notADateSetting(text): "date takes fixed, system or next DATE…, not '\(text)'"
    case let .clockIsACommand(value): "the clock is set with 'clock \(value)'"
    case let .noDependency(name, suggestion):
      "no dependency is called '\(name)'.\(REPLError.didYouMean(suggestion)) Type 'deps' for the list"
    case .uuidsNeeded: "uuid next needs at least one UUID"
    case .datesNeeded: "date next needs at least one date"
    case let .notAUUID(text): "'\(text)' is not a UUID like 5F3C0B2E-8C1D-4E57-9A0B-12C4D8E6F001"
    case let .notADate(text): "'\(text)' is not an ISO 8601 date like 2026-01-01T09:30:00Z"

    case .sharedNameNeeded: "the name of a shared value is needed"
    case let .noSharedValue(name, suggestion, names):
      "no shared value is called '\(name)'.\(REPLError.didYouMean(suggestion)) The shared values are: "
        + names.joined(separator: ", ")
    }
  }
}
