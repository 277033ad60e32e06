import DexPlatform

/// Hands out given values in order, for a generator in a test that must make exactly the values
/// a recorded session saw.
struct ValueSequence<Value: Sendable>: Sendable {
  private let values: [Value]
  private let position = LockedValue(0)
  private let name: String
  private let beyond: @Sendable (_ index: Int) -> Value

  /// A sequence of `values` for the dependency `name` (`uuid`), `beyond` making the values past
  /// the last one (each reported as an issue).
  init(_ values: [Value], name: String, beyond: @escaping @Sendable (_ index: Int) -> Value) {
    self.values = values
    self.name = name
    self.beyond = beyond
  }

  /// The next value.
  func next() -> Value {
    let index = position.withLock { position -> Int in
      defer { position += 1 }
      return position
    }
    if index < values.count { return values[index] }
    reportIssue(
      "\(name): the sequence of \(values.count) values is used up; a reducer asked for another.")
    return beyond(index)
  }
}
