import Composable
import StoreInspector

/// A pattern actions match, as `break on`, `log` and `hide` take it: a case path such as
/// `.items(.loaded)` (the leading dots optional), whose cases must match and whose payload,
/// when written, must match too: `.items(.rowAppeared(id: 20))` matches that row only,
/// `.items(.rowAppeared)` every row.
struct ActionPattern<Action: CasePathable>: CustomStringConvertible {
  /// The pattern as it reads after normalizing (`.items(.loaded)`).
  let description: String
  private let literal: Literal

  /// The pattern `text` spells, checked against the action's cases; `command` and `synopsis`
  /// name the command for errors, which show `example` (the app's `actionPatternExample`).
  init(parsing text: String, command: String, synopsis: String, example: String?)
    throws(REPLError)
  {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else {
      throw .badArguments(
        command: command, problem: .patternNeeded(example: example), synopsis: synopsis)
    }
    let source = try ActionSpelling.normalized(trimmed) { _, index throws(REPLError) in
      throw .failed(.rowInPattern(command: command, index: index))
    }
    do {
      literal = try LiteralParser.parse(source)
    } catch {
      throw .failed(.unreadablePattern(command: command, reason: "\(error)"))
    }
    guard case .enumCase = literal else {
      throw .badArguments(
        command: command, problem: .notACasePath(trimmed, example: example), synopsis: synopsis)
    }
    try Self.check(literal, in: Action.self, walked: [], command: command)
    description = source
  }

  /// Whether `action` matches.
  func matches(_ action: Action) -> Bool {
    Self.matches(action, literal)
  }

  private static func matches(_ value: Any, _ pattern: Literal) -> Bool {
    guard case let .enumCase(name, arguments) = pattern else { return literalMatches(value, pattern) }
    guard let tabled = value as? any CasePathable else {
      // A case of an enum without a case table (`.success` of a Result), its payload left out,
      // matches every value of that case.
      let mirror = Mirror(reflecting: value)
      if arguments == nil, mirror.displayStyle == .enum, let label = mirror.children.first?.label {
        return label == name
      }
      return literalMatches(value, pattern)
    }
    guard let parts = tabled.caseParts, parts.name == name else { return false }
    guard let arguments else { return true }
    guard arguments.count == parts.arguments.count else { return false }
    return zip(arguments, parts.arguments).allSatisfy { pattern, argument in
      (pattern.label == nil || pattern.label == argument.label)
        && matches(argument.value, pattern.value)
    }
  }

  /// Checks the case names of `pattern` against the cases of `type`, level by level, as far as
  /// the levels are actions.
  private static func check(
    _ pattern: Literal, in type: any CaseListing.Type, walked: [String], command: String
  ) throws(REPLError) {
    guard case let .enumCase(name, arguments) = pattern else { return }
    let cases = type.caseDescriptions
    try refuse(name, notIn: cases.map(\.name), walked: walked, command: command)
    guard let arguments, let entry = cases.first(where: { $0.name == name }) else { return }
    for (offset, argument) in arguments.enumerated() where offset < entry.arguments.count {
      let argumentType = entry.arguments[offset].type
      if let inner = argumentType as? any CaseListing.Type {
        try check(argument.value, in: inner, walked: walked + [name], command: command)
      } else if case let .enumCase(innerName, _) = argument.value,
        let names = (argumentType as? any NamedCases.Type)?.caseNames
      {
        try refuse(innerName, notIn: names, walked: walked + [name], command: command)
      }
    }
  }

  /// The error for `name`, a case at `walked` (the app's cases when empty) that is not one of
  /// `names`.
  private static func refuse(
    _ name: String, notIn names: [String], walked: [String], command: String
  ) throws(REPLError) {
    guard !names.contains(name) else { return }
    throw .failed(.notACase(command: command, name: name, walked: walked, cases: names))
  }
}

extension CasePathable {
  /// The case name and arguments of this value, through its case table.
  fileprivate var caseParts: (name: String, arguments: [(label: String?, value: Any)])? {
    Self.caseTable.parts(of: self)
  }
}

/// An enum without a case table whose case names a pattern can still check (`.success`).
private protocol NamedCases {
  static var caseNames: [String] { get }
}

extension Result: NamedCases {
  fileprivate static var caseNames: [String] { ["success", "failure"] }
}
