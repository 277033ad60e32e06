extension RangeReplaceableCollection {
  /// One `Shared` per row of a shared identified array, in order: `Array($team)` hands each
  /// row's feature its member, written through the array. A row removed later keeps its last
  /// value, and a change to it changes only that.
  public init<ID: Hashable & Sendable, Member: Sendable & Equatable>(
    _ shared: Shared<IdentifiedArray<ID, Member>>
  ) where Element == Shared<Member> {
    self.init()
    let rows = shared.wrappedValue
    reserveCapacity(rows.count)
    for (id, row) in zip(rows.ids, rows) {
      append(
        Shared(
          source: SharedProjection(
            parent: shared.source, described: "[id: \(String(reflecting: id))]", initial: row,
            extract: { $0[id: id] }, embed: { $0[id: id] = $1 })))
    }
  }

}
