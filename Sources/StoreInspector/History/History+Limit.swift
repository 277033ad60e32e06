// The optional cap on history length: the oldest entries fold into the initial moment.

extension History {
  /// Folds the first entries of the current branch into the initial moment until at most
  /// `limit` entries remain, never folding past the cursor.
  @usableFromInline
  mutating func foldToLimit() {
    guard let limit else { return }
    while count > max(limit, 0), cursorIndex >= 1 {
      foldFirstEntry()
    }
  }

  /// Makes the moment after the current branch's first entry the initial moment; branches that
  /// left from the initial moment go with it.
  private mutating func foldFirstEntry() {
    let first = path[1]
    let newInitial = computeMoment(first)
    for child in children(of: 0) where child != first {
      removeSubtree(child)
    }
    let folded = links(first)
    for child in children(of: first) {
      links[slot(child)].parent = 0
    }
    rootChildren = folded.children
    vacate(first)
    keyframes[first] = nil
    count -= 1
    initialMoment = newInitial
    lineage = HistoryLineage.next()
    rootDepth += 1
    path.remove(at: 1)
    groupFloor.remove(at: 1)
    cursorIndex -= 1
    compactFoldedSlots()
  }

  /// Forgets `number` and every entry below it.
  private mutating func removeSubtree(_ number: Int) {
    var pending = [number]
    while let current = pending.popLast() {
      pending += children(of: current)
      vacate(current)
      keyframes[current] = nil
      count -= 1
    }
  }

  /// Drops the leading run of folded slots once it is at least half of the storage.
  private mutating func compactFoldedSlots() {
    while firstLiveSlot < links.count, !links[firstLiveSlot].isLive { firstLiveSlot += 1 }
    guard firstLiveSlot >= 1024, firstLiveSlot * 2 >= links.count else { return }
    links.removeFirst(firstLiveSlot)
    actions.removeFirst(firstLiveSlot)
    firstStoredNumber += firstLiveSlot
    firstLiveSlot = 0
  }
}
