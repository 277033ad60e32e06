/// A key whose value is shared and persisted as its base key says, but whose changes are not
/// tracked: a store's snapshots leave it out, so no diff or history entry shows it, time travel
/// leaves it as it is, and a TestStore does not ask a test to assert it. For what changes often
/// and tells nothing of the session: a cache, a progress counter.
///
/// ```swift
/// @Shared(.untracked(.inMemory("thumbnails"))) var thumbnails: [Int: Data] = [:]
/// ```
///
/// The key that makes a value's reference first decides whether it is tracked; tracked keys pay
/// nothing for the opt-out: snapshots read only the tracked references.
public struct UntrackedKey<Base: SharedKey>: SharedKey {
  /// The key whose value this is.
  public let base: Base

  public var id: SharedKeyID { base.id }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Base.Value>? {
    base.makePersistence(in: container)
  }

  public func refusal(of value: Base.Value) -> String? { base.refusal(of: value) }

  public var tracksChanges: Bool { false }
}

extension UntrackedKey: CustomStringConvertible {
  /// The key as it is written: `.untracked(.inMemory("thumbnails"))`.
  public var description: String { ".untracked(\(base))" }
}

extension SharedKey {
  /// `key`, its changes left out of snapshots, diffs, history and tests' assertions.
  public static func untracked<Base: SharedKey>(_ key: Base) -> Self
  where Self == UntrackedKey<Base> {
    UntrackedKey(base: key)
  }
}
