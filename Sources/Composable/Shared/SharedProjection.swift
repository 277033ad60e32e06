import DexPlatform

/// A part of another shared value, written through it: `$user.name` (a key path), an unwrapped
/// optional (`Shared($currentUser)`), a row of a collection (`Array($todos)`).
///
/// A part that can go missing (the optional became nil, the row was removed) keeps the value it
/// last had: reading shows it, and a change is made to it alone, until the part is back.
final class SharedProjection<Parent: Sendable & Equatable, Value: Sendable & Equatable>:
  MutableSharedSource, @unchecked Sendable
{
  private let parent: any MutableSharedSource<Parent>
  /// How the part is written after the parent's: `[dynamicMember: \User.name]`.
  private let partDescription: String
  private let extract: @Sendable (Parent) -> Value?
  private let embed: @Sendable (inout Parent, Value) -> Void
  /// The value last seen, shown while the part is missing.
  private let lastValue: LockedValue<Value>
  /// Whether the part can go missing (an optional's or a row's; a key path's cannot).
  private let canGoMissing: Bool

  /// The part of `parent` that `keyPath` names.
  init(parent: any MutableSharedSource<Parent>, keyPath: WritableKeyPath<Parent, Value>) {
    nonisolated(unsafe) let keyPath = keyPath
    self.parent = parent
    self.partDescription = "[dynamicMember: \(keyPath)]"
    self.extract = { $0[keyPath: keyPath] }
    self.embed = { $0[keyPath: keyPath] = $1 }
    self.lastValue = LockedValue(parent.read(.show)[keyPath: keyPath])
    self.canGoMissing = false
  }

  /// The part of `parent` that `extract` finds (nil while it is missing), written back with
  /// `embed`; starts as `initial`.
  init(
    parent: any MutableSharedSource<Parent>, described partDescription: String, initial: Value,
    extract: @escaping @Sendable (Parent) -> Value?,
    embed: @escaping @Sendable (inout Parent, Value) -> Void
  ) {
    self.parent = parent
    self.partDescription = partDescription
    self.extract = extract
    self.embed = embed
    self.lastValue = LockedValue(initial)
    self.canGoMissing = true
  }

  var rootID: SharedKeyID { parent.rootID }

  var root: any AnySharedReference { parent.root }

  var sharedDescription: String { parent.sharedDescription + partDescription }

  func read(_ role: SharedReadMode.Role) -> Value {
    guard let found = extract(parent.read(role)) else { return lastValue.withLock { $0 } }
    if canGoMissing, case .live = SharedReadMode.current { lastValue.withLock { $0 = found } }
    return found
  }

  func mutate<Result: Sendable>(
    _ body: @escaping @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    try parent.mutate { parentValue in
      guard var part = self.extract(parentValue) else {
        return try self.lastValue.withLock { try body(&$0) }
      }
      let result = try body(&part)
      self.embed(&parentValue, part)
      if self.canGoMissing { self.lastValue.withLock { $0 = part } }
      return result
    }
  }
}
