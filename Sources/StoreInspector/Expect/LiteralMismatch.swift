/// Where a value first differs from an expected literal, with both sides in dump syntax.
public struct LiteralMismatch: Sendable, Equatable, CustomStringConvertible {
  /// The path inside the compared value, in `StatePath` syntax (`todo.title`, `[2]`); empty when
  /// the values differ as a whole.
  public var path: String
  /// The expected literal (or the part of it at `path`), on one line.
  public var expected: String
  /// The value (or the part of it at `path`), dumped on one line.
  public var found: String

  /// A mismatch at `path`.
  public init(path: String, expected: String, found: String) {
    self.path = path
    self.expected = expected
    self.found = found
  }

  /// `expected [1, 25], found [1]`, or `at todo.title: expected "milk", found "Buy milk"`.
  public var description: String {
    (path.isEmpty ? "" : "at \(path): ") + "expected \(expected), found \(found)"
  }
}
