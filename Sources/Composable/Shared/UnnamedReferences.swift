/// The unnamed values (`Shared(value:)`) a container knows, each under an id of its own, held
/// weakly: a value nothing holds any more leaves snapshots.
struct UnnamedReferences {
  /// One unnamed value and how to compare two of its values.
  struct Entry {
    weak var reference: (any AnySharedReference)?
    let equality: SnapshotEquality
  }

  /// The number of the last id given (`unnamed 3`).
  var lastNumber = 0
  private(set) var entries: [SharedKeyID: Entry] = [:]
  /// How many entries there may be before the released ones are dropped.
  private var pruneAt = 64

  mutating func insert(_ reference: any AnySharedReference, equality: SnapshotEquality) {
    if entries.count >= pruneAt {
      entries = entries.filter { $0.value.reference != nil }
      pruneAt = max(64, entries.count * 2)
    }
    entries[reference.id] = Entry(reference: reference, equality: equality)
  }

  /// The values still held, with their references.
  func live() -> [SharedKeyID: (reference: any AnySharedReference, equality: SnapshotEquality)] {
    var live: [SharedKeyID: (reference: any AnySharedReference, equality: SnapshotEquality)] = [:]
    for (id, entry) in entries {
      if let reference = entry.reference { live[id] = (reference, entry.equality) }
    }
    return live
  }
}
