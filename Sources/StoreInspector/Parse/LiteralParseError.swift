/// Why `LiteralParser` rejected its input, and where; `message` says it in one line.
///
/// `try LiteralParser.parse("[1, 2")` throws an error whose message is
/// `Unexpected end of input at column 6; expected ',' or ']' to close '[' from column 1.`
public struct LiteralParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong with the input.
  public enum Reason: Sendable, Equatable {
    /// The input is longer than `LiteralParser.maxInputBytes`.
    case inputTooLarge(byteCount: Int, limit: Int)
    /// The input ended where `expected` was needed.
    case unexpectedEnd(expected: String)
    /// `found` stands where `expected` was needed.
    case unexpectedToken(found: String, expected: String)
    /// A string literal has no closing quote on its line.
    case unterminatedString
    /// A backslash escape the grammar does not know, such as `\q`.
    case invalidEscape(String)
    /// Brackets nest deeper than `LiteralParser.maxDepth`.
    case nestingTooDeep(limit: Int)
    /// A complete value is followed by more text.
    case trailingCharacters(found: String)
  }

  /// What was wrong.
  public var reason: Reason
  /// The 1-based line of the problem.
  public var line: Int
  /// The 1-based column (in characters) of the problem.
  public var column: Int

  /// An error at a line and column.
  public init(_ reason: Reason, line: Int = 1, column: Int) {
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// One line: what was wrong, at which column, what was expected.
  public var message: String {
    let place = line > 1 ? "line \(line), column \(column)" : "column \(column)"
    switch reason {
    case .inputTooLarge(let byteCount, let limit):
      return
        "Input of \(byteCount) bytes is over the \(limit)-byte limit; expected a smaller literal."
    case .unexpectedEnd(let expected):
      return "Unexpected end of input at \(place); expected \(expected)."
    case .unexpectedToken(let found, let expected):
      return "Unexpected \(found.oneLine()) at \(place); expected \(expected)."
    case .unterminatedString:
      return "Unterminated string starting at \(place); expected a closing '\"' on the same line."
    case .invalidEscape(let escape):
      return
        "Invalid escape '\(escape)' at \(place); expected one of \\\" \\\\ \\n \\r \\t \\0 \\' \\u{hex}."
    case .nestingTooDeep(let limit):
      return "Nesting deeper than \(limit) levels at \(place); expected a flatter literal."
    case .trailingCharacters(let found):
      return "Unexpected \(found.oneLine()) at \(place) after a complete value; expected end of input."
    }
  }

  /// The same as `message`.
  public var description: String { message }
}
