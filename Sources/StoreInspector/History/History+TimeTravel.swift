// Moving the cursor: jumps, steps over whole sent actions, and branches.

extension History {
  /// Moves the cursor to entry `id` (0 for the initial moment).
  ///
  /// An entry on another branch makes that branch current, following the newest child from the
  /// entry on to find its head.
  public mutating func jump(to id: EntryID) throws(HistoryError) {
    let number = try validNumber(id)
    if let index = pathIndex(of: number) {
      cursorIndex = index
      return
    }
    rebuildPath(endingAt: newestHead(under: number))
    cursorIndex = node(number).depth - rootDepth
  }

  /// Moves the cursor back over `steps` sent actions, each together with the actions its effects
  /// sent, so the cursor never rests in a half-loaded state.
  public mutating func back(_ steps: Int = 1) throws(HistoryError) {
    var index = cursorIndex
    for step in 0..<max(steps, 0) {
      guard index > 0 else { throw .cannotGoBack(requested: steps, available: step) }
      index -= 1
      while !isStop(index) { index -= 1 }
    }
    cursorIndex = index
  }

  /// Moves the cursor forward over `steps` sent actions and the actions their effects sent,
  /// along the branch the cursor is on (the one it came back along).
  public mutating func forward(_ steps: Int = 1) throws(HistoryError) {
    var index = cursorIndex
    for step in 0..<max(steps, 0) {
      guard index < path.count - 1 else {
        throw .cannotGoForward(requested: steps, available: step)
      }
      index += 1
      while !isStop(index) { index += 1 }
    }
    cursorIndex = index
  }

  /// One branch per head, the oldest first (numbered from 1); empty before anything is recorded.
  public var branches: [HistoryBranch<Action>] {
    var heads: [(head: Int, divergence: Int?)] = []
    for slot in firstLiveSlot..<nodes.count {
      guard let node = nodes[slot], node.children.count == 0 else { continue }
      let head = slot + firstStoredNumber
      heads.append((head, divergence(ofHead: head)))
    }
    heads.sort { ($0.divergence ?? 0, $0.head) < ($1.divergence ?? 0, $1.head) }
    let currentHead = path[path.count - 1]
    return heads.enumerated().map { offset, branch in
      HistoryBranch(
        number: offset + 1, head: EntryID(branch.head),
        length: node(branch.head).depth - rootDepth,
        divergence: branch.divergence.map(entry(number:)),
        isCurrent: branch.head == currentHead)
    }
  }

  /// Makes branch `number` (as `branches` numbers them) current, with the cursor at its head.
  public mutating func switchBranch(to number: Int) throws(HistoryError) {
    let branches = branches
    guard number >= 1, number <= branches.count else {
      throw .noSuchBranch(number, count: branches.count)
    }
    rebuildPath(endingAt: branches[number - 1].head.number)
    cursorIndex = path.count - 1
  }

  /// The first entry on the way to `head` that no other branch shares, or nil when no branch
  /// point lies before it.
  private func divergence(ofHead head: Int) -> Int? {
    var current = head
    while true {
      let parent = node(current).parent
      if self[children: parent].count >= 2 { return current }
      if parent == 0 { return nil }
      current = parent
    }
  }
}
