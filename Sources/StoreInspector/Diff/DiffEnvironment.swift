/// Which moment a diff is reading: the old value, the new one, or both at once (an `==`
/// between them, old on the left).
public enum DiffSide: Sendable, Equatable {
  case old, new, comparing
}

/// Lets values that read through references (shared state) show what each side held: the diff
/// runs every read of the old side, the new side and every comparison inside `reading(_:_:)`.
public protocol DiffEnvironment {
  /// Runs `body` with reads showing `side`.
  func reading<Result>(_ side: DiffSide, _ body: () -> Result) -> Result
}
