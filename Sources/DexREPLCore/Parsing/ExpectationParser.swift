import StoreInspector

/// What `expect` checks: `PATH OP VALUE` with OP one of `==`, `!=`, `<`, `<=`, `>`, `>=`,
/// `contains` or `is`, or a bare `PATH` that must be a true Bool.
struct Expectation {
  /// How the value at the path is compared with the expected one.
  enum Operator: String, CaseIterable {
    case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">="
    case less = "<", greater = ">", contains = "contains", isCase = "is"

    /// Whether the operator compares numbers.
    var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
  }

  var path: StatePath
  var pathText: String
  /// Nil for a bare Bool path.
  var op: Operator?
  var expected: Literal
  var expectedText: String

  /// The expectation `text` spells; its errors name `command` and show `synopsis` and `example`
  /// (the app's `expectationExample`).
  init(
    parsing text: String, command: String = "expect", synopsis: String, example: String? = nil
  ) throws(REPLError) {
    let text = text.trimmingWhitespace()
    guard !text.isEmpty else {
      throw .badArguments(
        command: command, problem: .pathNeeded(example: example), synopsis: synopsis)
    }
    if let (range, op) = Self.operatorRange(in: text) {
      pathText = String(text[..<range.lowerBound]).trimmingWhitespace()
      expectedText = String(text[range.upperBound...]).trimmingWhitespace()
      self.op = op
      guard !expectedText.isEmpty else {
        throw .badArguments(
          command: command, problem: .valueNeeded(after: op.rawValue), synopsis: synopsis)
      }
    } else {
      pathText = text
      expectedText = "true"
      op = nil
    }
    do {
      path = try StatePath(parsing: pathText)
    } catch {
      throw .badArguments(command: command, problem: .described("\(error)"), synopsis: synopsis)
    }
    do {
      expected = try LiteralParser.parse(expectedText)
    } catch {
      throw .badArguments(
        command: command, problem: .unreadableValue(reason: "\(error)"), synopsis: synopsis)
    }
  }

  /// The first operator outside strings and brackets: a symbol (spaces around it optional) or
  /// a word between spaces.
  private static func operatorRange(in text: String) -> (Range<String.Index>, Operator)? {
    var depth = 0
    var strings = StringLiteralScanner()
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if strings.consume(character) {
        // Inside a string: no operator.
      } else if "([".contains(character) {
        depth += 1
      } else if ")]".contains(character) {
        depth -= 1
      } else if depth == 0 {
        let rest = text[index...]
        for op in Operator.allCases where op.rawValue.first?.isLetter == false {
          if rest.hasPrefix(op.rawValue) {
            return (index..<text.index(index, offsetBy: op.rawValue.count), op)
          }
        }
        if character.isWhitespace {
          for op in Operator.allCases where op.rawValue.first?.isLetter == true {
            let word = " " + op.rawValue + " "
            if rest.hasPrefix(word) {
              return (text.index(after: index)..<text.index(index, offsetBy: word.count - 1), op)
            }
          }
        }
      }
      index = text.index(after: index)
    }
    return nil
  }
}
