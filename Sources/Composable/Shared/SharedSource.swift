/// What a `SharedReader` reads: a key's reference, or a part of another source's value (a
/// projection `$user.name`, an unwrapped optional, a row of a collection, a derived reader).
///
/// Reads go through the current `SharedReadMode` at the root, so a part of a value shows the
/// part of the value of the moment the inspector reads.
protocol SharedSource<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable & Equatable
  /// The key of the value at the root: the one whose lock, persistence and history a part of it
  /// goes through.
  var rootID: SharedKeyID { get }
  /// The reference at the root: its key's loading and saving are the part's.
  var root: any AnySharedReference { get }
  /// What the source is, as swift-sharing describes it: `.appStorage("count")`, `value: 0`, or
  /// the root's followed by the part read.
  var sharedDescription: String { get }
  /// The value as the current read mode shows it for `role`.
  func read(_ role: SharedReadMode.Role) -> Value
}

/// What a `Shared` reads and writes.
protocol MutableSharedSource<Value>: SharedSource {
  /// Runs `body` on the value under the root's lock (or on the scratch copy a test's expectation
  /// writes), persisting the change as the root's key does; returns what `body` returns.
  func mutate<Result: Sendable>(
    _ body: @escaping @Sendable (inout Value) throws -> Result
  ) rethrows -> Result
}

extension SharedReference: MutableSharedSource {
  var rootID: SharedKeyID { id }

  var root: any AnySharedReference { self }

  func read(_ role: SharedReadMode.Role) -> Value {
    SharedReadMode.value(of: self, role: role)
  }

  func mutate<Result: Sendable>(
    _ body: @escaping @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    if case let .scratch(scratch) = SharedReadMode.current {
      return try scratch.mutate(id, live: value, body)
    }
    return try withLock(body)
  }
}
