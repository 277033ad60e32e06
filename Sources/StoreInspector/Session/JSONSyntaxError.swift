import DexPlatform

/// Why some text is not JSON, and where: line and column count from 1.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  /// What was found instead of JSON, e.g. `unexpected end of input`.
  public var reason: String
  /// The line of the first problem.
  public var line: Int
  /// The column (in bytes) of the first problem.
  public var column: Int
}

extension JSONSyntaxError: CustomStringConvertible {
  /// `unexpected end of input at line 3, column 1`.
  public var description: String {
    JSONSyntaxProblem(reason: reason, line: line, column: column).description
  }
}
