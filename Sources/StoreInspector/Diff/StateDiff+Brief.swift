extension StateDiff {
  /// Whether the brief text (`DiffRenderer.text(_:maxItems:)`) leaves something out: a run of
  /// more than `maxItems` inserted or removed elements, or a longer collection inside a value.
  public func hasLongCollections(moreThan maxItems: Int) -> Bool {
    root.map { $0.hasLongCollections(moreThan: maxItems) } ?? false
  }
}

extension DiffNode {
  func hasLongCollections(moreThan maxItems: Int) -> Bool {
    switch self {
    case .replaced(let old, let new):
      return old.root.hasLongCollections(moreThan: maxItems)
        || new.root.hasLongCollections(moreThan: maxItems)
    case .group(_, _, _, let entries):
      var run: (inserted: Bool, count: Int)?
      for entry in entries {
        switch entry.content {
        case .unchanged, .identity:
          run = nil
        case .changed(let child):
          run = nil
          if child.hasLongCollections(moreThan: maxItems) { return true }
        case .inserted(let tree), .removed(let tree):
          let inserted = if case .inserted = entry.content { true } else { false }
          let count = run?.inserted == inserted ? (run?.count ?? 0) + 1 : 1
          run = (inserted, count)
          if count > maxItems || tree.root.hasLongCollections(moreThan: maxItems) { return true }
        }
      }
      return false
    }
  }
}

extension DumpNode {
  func hasLongCollections(moreThan maxItems: Int) -> Bool {
    switch self {
    case .text, .reference:
      return false
    case .object(_, let node):
      return node.hasLongCollections(moreThan: maxItems)
    case .group(let open, _, let items):
      if open.hasSuffix("["), items.count > maxItems { return true }
      return items.contains { $0.value.hasLongCollections(moreThan: maxItems) }
    }
  }
}
