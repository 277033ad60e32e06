/// One check of a value at a state path, in the words `expect` reads: `items.starred.count == 3`,
/// `items.starred contains 25`, `list.loadState is .loaded`.
public struct PlannedExpectation: Sendable, Equatable, CustomStringConvertible {
  /// How the value is compared: `==`, `contains` (an element) or `is` (the case only).
  public enum Operator: String, Sendable, Equatable {
    case equal = "==", contains = "contains", isCase = "is"
  }

  /// The state path, as `expect` reads it.
  public var path: String
  /// How the value at the path is compared with `value`.
  public var op: Operator
  /// The expected value, written as values print.
  public var value: String

  /// `PATH OP VALUE`, what follows `expect`.
  public var description: String { "\(path) \(op.rawValue) \(value)" }
}
