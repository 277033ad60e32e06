/// The values of every shared key at one moment, for history and time travel.
public struct SharedSnapshot: Sendable, Equatable {
  /// The values and how to compare them, in one object: copies of a snapshot share it, so
  /// comparing a snapshot with an unchanged copy (a traced reducer that touched no shared value,
  /// a replay's scratch values) costs one identity check.
  private final class Storage: Sendable {
    let values: [SharedKeyID: any Sendable]
    let equality: [SharedKeyID: SnapshotEquality]
    /// The stamp of the write that put each value there (`SharedValueStamp`), for the values
    /// read from a container: two snapshots holding a key's value under one stamp hold the
    /// same value. A value from elsewhere (decoded, replaced) has none.
    let stamps: [SharedKeyID: UInt64]

    init(
      values: [SharedKeyID: any Sendable], equality: [SharedKeyID: SnapshotEquality],
      stamps: [SharedKeyID: UInt64]
    ) {
      self.values = values
      self.equality = equality
      self.stamps = stamps
    }
  }

  private let storage: Storage

  /// The values by key.
  public var values: [SharedKeyID: any Sendable] { storage.values }
  var equality: [SharedKeyID: SnapshotEquality] { storage.equality }

  init(
    values: [SharedKeyID: any Sendable], equality: [SharedKeyID: SnapshotEquality],
    stamps: [SharedKeyID: UInt64] = [:]
  ) {
    storage = Storage(values: values, equality: equality, stamps: stamps)
  }

  /// The stamp of the value of `id`, when it was read from a container.
  func stamp(of id: SharedKeyID) -> UInt64? { storage.stamps[id] }

  /// The stamps of the values, by key.
  package var stamps: [SharedKeyID: UInt64] { storage.stamps }

  /// No values.
  public static let empty = SharedSnapshot(values: [:], equality: [:])

  /// The value of `id`, if it was captured.
  public subscript(id: SharedKeyID) -> (any Sendable)? { values[id] }

  /// The keys, in a stable order.
  public var keys: [SharedKeyID] { values.keys.sorted() }

  /// This snapshot with `new` as the value of `id` (a key it already holds; unchanged otherwise).
  public func replacingValue(of id: SharedKeyID, with new: any Sendable) -> Self {
    guard let equality = equality[id] else { return self }
    return replacing(id, with: new, equality: equality)
  }

  /// This snapshot with the change of `id` from `old` to `new` made on its value: merged for a
  /// `MergeableValue` (another change to the value is kept), replaced otherwise.
  public func applyingChange(of id: SharedKeyID, from old: any Sendable, to new: any Sendable)
    -> Self
  {
    guard let current = values[id] else { return self }
    return replacingValue(of: id, with: ValueMerging.applying([(old, new)], to: current) ?? new)
  }

  /// This snapshot with `id` holding the value `other` holds under `otherID` (unchanged when
  /// `other` lacks it): a value a state made elsewhere holds under a key of its own (a moment
  /// decoded from a session file), read under the key of the state it is compared with.
  public func holding(_ id: SharedKeyID, valueOf otherID: SharedKeyID, in other: SharedSnapshot)
    -> Self
  {
    guard let value = other.values[otherID], let equality = other.equality[otherID] else {
      return self
    }
    return replacing(id, with: value, equality: equality)
  }

  /// This snapshot with the value of `id` replaced.
  func replacing(_ id: SharedKeyID, with value: any Sendable, equality: SnapshotEquality) -> Self {
    var values = values
    var equalities = self.equality
    var stamps = storage.stamps
    values[id] = value
    equalities[id] = equality
    stamps[id] = nil
    return SharedSnapshot(values: values, equality: equalities, stamps: stamps)
  }

  /// Whether `other` holds the same value of `id` as this snapshot (false when either lacks it).
  public func holdsSameValue(of id: SharedKeyID, as other: SharedSnapshot) -> Bool {
    // One write's value (a stamp is only ever kept with the value it came with).
    if let stamp = storage.stamps[id], stamp == other.storage.stamps[id] { return true }
    guard let value = values[id], let otherValue = other.values[id], let equality = equality[id]
    else { return false }
    return equality.isEqual(value, otherValue)
  }

  /// Whether `other` is this snapshot or a copy of it (no value written since): one identity
  /// check, where `==` compares the values.
  public func isSameSnapshot(as other: SharedSnapshot) -> Bool {
    storage === other.storage
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.isSameSnapshot(as: rhs) { return true }
    guard lhs.values.count == rhs.values.count else { return false }
    for id in lhs.values.keys {
      guard lhs.holdsSameValue(of: id, as: rhs) else { return false }
    }
    return true
  }
}

/// Compares two values of one shared key.
struct SnapshotEquality: Sendable {
  let isEqual: @Sendable (any Sendable, any Sendable) -> Bool

  init(reference: any AnySharedReference) {
    self.isEqual = { reference.isEqual($0, $1) }
  }

  init<Value: Equatable & Sendable>(_ type: Value.Type) {
    self.isEqual = { ($0 as? Value) == ($1 as? Value) }
  }
}
