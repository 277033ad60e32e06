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
    cursorIndex = links(number).depth - rootDepth
  }

  /// Moves the cursor back over `steps` sent actions, each together with the actions its effects
  /// sent, so the cursor never rests in a half-loaded state. External entries are passed by:
  /// a step undoes at least one of the session's own entries.
  public mutating func back(_ steps: Int = 1) throws(HistoryError) {
    cursorIndex = try stop(steps, from: cursorIndex, next: ownStop(before:)) { available in
      .cannotGoBack(requested: steps, available: available)
    }
  }

  /// Moves the cursor forward over `steps` sent actions and the actions their effects sent,
  /// along the branch the cursor is on (the one it came back along). External entries are passed
  /// by: a step redoes at least one of the session's own entries, and external entries right
  /// after where it stops are passed too.
  public mutating func forward(_ steps: Int = 1) throws(HistoryError) {
    cursorIndex = try stop(steps, from: cursorIndex, next: ownStop(after:)) { available in
      .cannotGoForward(requested: steps, available: available)
    }
  }

  /// Where `steps` calls of `next` lead from `index`; the error `refusal` makes from the steps
  /// available when one of them has nowhere to go.
  private func stop(
    _ steps: Int, from index: Int, next: (Int) -> Int?, refusal: (Int) -> HistoryError
  ) throws(HistoryError) -> Int {
    var index = index
    for step in 0..<max(steps, 0) {
      guard let reached = next(index) else { throw refusal(step) }
      index = reached
    }
    return index
  }

  /// The nearest stop before `index` with at least one own entry between them.
  private func ownStop(before index: Int) -> Int? {
    var index = index
    var crossedOwn = false
    while index > 0 {
      crossedOwn = crossedOwn || links(path[index]).origin.isOwn
      index -= 1
      if crossedOwn && isStop(index) { return index }
    }
    return nil
  }

  /// The nearest stop after `index` with at least one own entry between them, moved past the
  /// external entries that follow it.
  private func ownStop(after index: Int) -> Int? {
    var index = index
    var crossedOwn = false
    while index < path.count - 1 {
      index += 1
      crossedOwn = crossedOwn || links(path[index]).origin.isOwn
      if crossedOwn && isStop(index) {
        while index < path.count - 1, !links(path[index + 1]).origin.isOwn { index += 1 }
        return index
      }
    }
    return nil
  }

  /// The changes the session's own entries make on the way from entry `from` to entry `to`, as
  /// pairs of projected moments in the order to apply them: first each own entry from `from`
  /// back to where the two meet, undone (its moment after, then before), then each own entry
  /// from there on to `to` (before, then after). External entries are left out: time travel
  /// never undoes them. `project` keeps only what the caller needs of a moment.
  public func ownChanges<Projection>(
    from: EntryID, to: EntryID, _ project: (Moment) -> Projection
  ) throws(HistoryError) -> [(old: Projection, new: Projection)] {
    let start = try validNumber(from)
    let end = try validNumber(to)
    let meeting = commonAncestor(start, end)
    var undone: [(old: Projection, new: Projection)] = []
    walk(from: meeting, to: start) { node, before, after in
      if node.origin.isOwn { undone.append((project(after), project(before))) }
    }
    var redone: [(old: Projection, new: Projection)] = []
    walk(from: meeting, to: end) { node, before, after in
      if node.origin.isOwn { redone.append((project(before), project(after))) }
    }
    return undone.reversed() + redone
  }

  /// Calls `body` with every entry on the way down from `ancestor` to `descendant` and the
  /// moments around it, one reduction per entry (stored moments are used as they are).
  private func walk(
    from ancestor: Int, to descendant: Int,
    _ body: (HistoryNode<Action>, _ before: Moment, _ after: Moment) -> Void
  ) {
    guard ancestor != descendant else { return }
    var chain: [Int] = []
    var current = descendant
    while current != ancestor {
      chain.append(current)
      current = links(current).parent
    }
    replay(chain.reversed(), from: computeMoment(ancestor)) { number, before, after in
      body(node(number), before, after)
      return true
    }
  }

  /// The nearest entry (or 0) both `lhs` and `rhs` descend from, themselves included.
  private func commonAncestor(_ lhs: Int, _ rhs: Int) -> Int {
    var lhs = lhs
    var rhs = rhs
    func depth(_ number: Int) -> Int { number == 0 ? rootDepth : links(number).depth }
    while depth(lhs) > depth(rhs) { lhs = links(lhs).parent }
    while depth(rhs) > depth(lhs) { rhs = links(rhs).parent }
    while lhs != rhs {
      lhs = links(lhs).parent
      rhs = links(rhs).parent
    }
    return lhs
  }

  /// One branch per head, the oldest first (numbered from 1); empty before anything is recorded.
  public var branches: [HistoryBranch<Action>] {
    var heads: [(head: Int, divergence: Int?)] = []
    for slot in firstLiveSlot..<links.count {
      guard links[slot].isLive, links[slot].children.count == 0 else { continue }
      let head = slot + firstStoredNumber
      heads.append((head, divergence(ofHead: head)))
    }
    heads.sort { ($0.divergence ?? 0, $0.head) < ($1.divergence ?? 0, $1.head) }
    let currentHead = path[path.count - 1]
    return heads.enumerated().map { offset, branch in
      HistoryBranch(
        number: offset + 1, head: EntryID(branch.head),
        length: links(branch.head).depth - rootDepth,
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
      let parent = links(current).parent
      if self[children: parent].count >= 2 { return current }
      if parent == 0 { return nil }
      current = parent
    }
  }
}
