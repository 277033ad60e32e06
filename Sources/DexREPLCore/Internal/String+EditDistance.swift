extension String {
  /// The optimal-string-alignment distance to `other`: insertions, deletions, substitutions and
  /// swaps of two neighbouring characters each cost 1 (`"hepl"` is 1 away from `"help"`).
  func editDistance(to other: String) -> Int {
    let source = Array(self)
    let target = Array(other)
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    // Three rows of the dynamic-programming table: two back, one back, current.
    var beforePrevious = [Int](repeating: 0, count: target.count + 1)
    var previous = Array(0...target.count)
    var current = [Int](repeating: 0, count: target.count + 1)
    for i in 1...source.count {
      current[0] = i
      for j in 1...target.count {
        let cost = source[i - 1] == target[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
          current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[target.count]
  }

  /// The candidate closest to `self` when it is close enough to be a likely typo: at most one
  /// edit for words of up to four characters, two for longer ones. Case is ignored; ties go to
  /// the earlier candidate.
  func closestMatch(in candidates: [String]) -> String? {
    let typed = lowercased()
    let allowed = typed.count <= 4 ? 1 : 2
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = typed.editDistance(to: candidate.lowercased())
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
