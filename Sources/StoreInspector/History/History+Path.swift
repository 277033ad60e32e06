// The current branch as an array, so that finding an entry on it, stepping along it and telling
// whether an effect is still delivering actions at a point all cost O(1).

extension History {
  /// Where `number` (an existing entry, or 0) sits on the current branch, or nil when it is on
  /// another branch.
  @inlinable
  func pathIndex(of number: Int) -> Int? {
    guard number != 0 else { return 0 }
    let index = links(number).depth - rootDepth
    return index < path.count && path[index] == number ? index : nil
  }

  /// `pathIndex(of:)` for a number that may not name a stored entry (a folded one, say).
  @inlinable
  func pathIndex(ofPossibleEntry number: Int) -> Int? {
    guard number == 0 || isLive(number) else { return nil }
    return pathIndex(of: number)
  }

  /// Whether the cursor may rest at `index` when stepping: the initial moment, the head, and
  /// every point where no effect started at or before it delivers an action later on the branch.
  ///
  /// So after a sent `.onAppear` (entry 1) and a received `.loaded` (entry 2), entry 1 is no
  /// stop: stepping never shows a half-loaded state.
  func isStop(_ index: Int) -> Bool {
    index == 0 || index == path.count - 1 || groupFloor[index + 1] > rootDepth + index
  }

  /// Makes the current branch the path from the initial moment to `number`.
  mutating func rebuildPath(endingAt number: Int) {
    var reversed: [Int] = []
    var current = number
    while current != 0 {
      reversed.append(current)
      current = links(current).parent
    }
    path = [0] + reversed.reversed()
    groupFloor = Array(repeating: Int.max, count: path.count)
    var floor = Int.max
    for index in stride(from: path.count - 1, through: 1, by: -1) {
      floor = min(floor, links(path[index]).groupDepth)
      groupFloor[index] = floor
    }
  }

  /// Cuts the current branch after `index`, keeping `groupFloor` right for what remains.
  @inlinable
  mutating func truncatePath(after index: Int) {
    guard index < path.count - 1 else { return }
    path.removeSubrange((index + 1)...)
    groupFloor.removeSubrange((index + 1)...)
    var next = Int.max
    for position in stride(from: index, through: 1, by: -1) {
      let floor = min(links(path[position]).groupDepth, next)
      if floor == groupFloor[position] { break }
      groupFloor[position] = floor
      next = floor
    }
  }

  /// The head reached from `number` by always taking the newest child.
  func newestHead(under number: Int) -> Int {
    var current = number
    while self[children: current].last != 0 { current = self[children: current].last }
    return current
  }
}
