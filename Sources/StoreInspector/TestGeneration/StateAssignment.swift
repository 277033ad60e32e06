/// One line of a generated state assertion: a value written at a path of the expected state.
///
/// `TestGenerator` plans these from a diff; its `assignment` hook may spell one differently,
/// e.g. a shared value as `$0.$starred.withLock { $0 = [1, 25] }`.
public struct StateAssignment: Sendable, Equatable {
  /// Where the value is written, from the root state; empty for the whole state.
  public var path: [PathComponent]
  /// The path as Swift after `$0`, e.g. `.rows[id: 2]?.title`; empty for the whole state.
  public var target: String
  /// The value as Swift source, e.g. `"Buy milk"`, `[1, 25]` or `nil` (a removal); empty for
  /// a collection edit, whose `target` ends with the call (`.rows.append(Row(id: 3))`).
  public var value: String

  /// An assignment of `value` at `path`, spelled `target`.
  public init(path: [PathComponent], target: String, value: String) {
    self.path = path
    self.target = target
    self.value = value
  }

  /// The default statement: `$0.rows[id: 2]?.title = "x"`, or `$0.rows.append(Row(id: 3))`.
  public var statement: String { value.isEmpty ? "$0\(target)" : "$0\(target) = \(value)" }
}
