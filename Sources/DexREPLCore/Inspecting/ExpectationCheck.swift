import Foundation
import StoreInspector

/// Checks a value against an `Expectation`; a failure says what was expected and what was
/// found, the found value shortened to one line.
enum ExpectationCheck {
  /// What went wrong, or nil when the expectation holds.
  static func problem(_ value: Any, _ expectation: Expectation) -> String? {
    let expected = expectation.expectedText
    guard let op = expectation.op else {
      guard let bool = value as? Bool else {
        return "is \(shortened(value)), not a Bool; write PATH == VALUE, or another operator"
      }
      return bool ? nil : "expected true, found false"
    }
    switch op {
    case .equal:
      guard let mismatch = literalMismatch(value, expectation.expected) else { return nil }
      let place = mismatch.path.isEmpty ? "" : "at \(mismatch.path): "
      return place + "expected \(mismatch.expected), found \(shortened(text: mismatch.found))"
    case .notEqual:
      guard literalMatches(value, expectation.expected) else { return nil }
      return "expected a value other than \(expected), found it"
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let number = number(value) else {
        return "is \(shortened(value)), not a number; \(op.rawValue) compares numbers and counts "
          + "(PATH.count)"
      }
      guard let bound = literalNumber(expectation.expected) else {
        return "\(expected) is not a number; \(op.rawValue) compares numbers"
      }
      let holds: Bool =
        switch op {
        case .less: number < bound
        case .lessOrEqual: number <= bound
        case .greater: number > bound
        default: number >= bound
        }
      return holds ? nil : "expected a number \(op.rawValue) \(expected), found \(shortened(value))"
    case .contains:
      return literalContained(in: value, expectation.expected)
        ? nil : "expected it to contain \(expected), found \(shortened(value))"
    case .isCase:
      return caseProblem(value, expectation.expected, expectedText: expected)
    }
  }

  private static func caseProblem(_ value: Any, _ literal: Literal, expectedText: String) -> String? {
    let found = enumCase(of: value)
    if literal == .nilLiteral {
      return found == .none ? nil : "expected nil, found \(shortened(value))"
    }
    guard case .enumCase(let expectedName, _) = literal else {
      return "'is' takes a case such as .loaded, not \(expectedText); use == to compare values"
    }
    switch found {
    case .none: return "expected .\(expectedName), found nil"
    case .notAnEnum: return "is \(shortened(value)), not an enum; use == to compare values"
    case .named(let name):
      return name == expectedName ? nil : "expected .\(expectedName), found .\(name)"
    }
  }

  private static func number(_ value: Any) -> Double? {
    switch value {
    case let integer as any BinaryInteger: Double(integer)
    case let double as Double: double
    case let float as Float: Double(float)
    default: nil
    }
  }

  private static func literalNumber(_ literal: Literal) -> Double? {
    switch literal {
    case .int(let text), .float(let text): Double(text)
    default: nil
    }
  }

  /// The value on one line, cut to about a line.
  static func shortened(_ value: Any) -> String {
    shortened(text: inspectorDump(value, maxWidth: .max))
  }

  private static func shortened(text: String) -> String {
    guard text.count > 120 else { return text }
    return text.prefix(110) + "… (\(text.count) characters)"
  }
}
