// Skipping an entry: every later moment is recomputed as if its action had not happened.

extension History {
  /// Skips entry `id`: every moment after it, on every branch that passes through it, is
  /// recomputed as if its action had not happened. Actions its effects sent are still replayed
  /// (skip them too to drop them). Read `currentMoment` afterwards to apply the new present.
  ///
  /// Recomputation is eager: one reduction per later entry (see the README for measured costs).
  public mutating func skip(_ id: EntryID) throws(HistoryError) {
    try setSkipped(id, true)
  }

  /// Takes entry `id` back into account, recomputing every later moment.
  public mutating func unskip(_ id: EntryID) throws(HistoryError) {
    try setSkipped(id, false)
  }

  /// Throws unless entry `id` is one of the current branch's to skip (or unskip): an entry
  /// only another branch holds is refused with the branch that holds it, so a person skipping
  /// from where they are never changes a branch they are not looking at.
  public func checkSkippableOnCurrentBranch(_ id: EntryID, skipping: Bool) throws(HistoryError) {
    let number = try skippableNumber(id, skipping: skipping)
    guard path.contains(number) else {
      let holder = branches.first { branch in
        var current = branch.head.number
        while current > number { current = links(current).parent }
        return current == number
      }
      throw .skipOffCurrentBranch(id, branch: holder?.number ?? 1, skipping: skipping)
    }
  }

  /// The stored number of entry `id`, which is not the initial moment.
  private func skippableNumber(_ id: EntryID, skipping: Bool) throws(HistoryError) -> Int {
    guard id.number != 0 else { throw .cannotSkipInitialMoment }
    do {
      return try validNumber(id)
    } catch .noSuchEntry(_, let last) {
      throw .noSuchEntryToSkip(id, last: last, skipping: skipping)
    }
  }

  /// Marks entry `id` skipped or not, on every branch that passes through it.
  private mutating func setSkipped(_ id: EntryID, _ isSkipped: Bool) throws(HistoryError) {
    let number = try skippableNumber(id, skipping: isSkipped)
    guard links(number).isSkipped != isSkipped else { return }
    links[slot(number)].isSkipped = isSkipped
    rebuildKeyframes(from: [number], before: computeMoment(links(number).parent))
  }

  /// Recomputes the stored moments of `starts` (entries sharing one parent, whose moment is
  /// `before`) and of everything below them, storing exactly the keyframes the memory model asks
  /// for. Moments are held only at branch points still to visit. Each entry's reduction gets its
  /// recorded values back; what it used instead is kept (`replayed`), which marks drift.
  mutating func rebuildKeyframes(from starts: [Int], before: Moment) {
    lineage = HistoryLineage.next()
    var pending = starts.map { (number: $0, before: before) }
    while let start = pending.popLast() {
      var number = start.number
      var moment = start.before
      while true {
        let node = node(number)
        if !node.isSkipped {
          // The recorded values first, then those an earlier recomputation made beyond them.
          let offered = node.recorded + (node.replayed ?? []).filter { !node.recorded.contains($0) }
          let used = reduce(&moment, node.action, offered)
          replayedValues[number] = used == node.recorded ? nil : used
        }
        keyframes[number] = needsKeyframe(number) ? moment : nil
        let child = node.children.first
        guard child != 0 else { break }
        var sibling = links(child).nextSibling
        while sibling != 0 {
          pending.append((sibling, moment))
          sibling = links(sibling).nextSibling
        }
        number = child
      }
    }
  }

  /// The entries whose parent is `number`, oldest first.
  func children(of number: Int) -> [Int] {
    var children: [Int] = []
    var child = self[children: number].first
    while child != 0 {
      children.append(child)
      child = links(child).nextSibling
    }
    return children
  }
}
