/// The changed part of a value, with enough structure left around it to print it in place.
indirect enum DiffNode: Sendable {
  /// The value was replaced as a whole (a scalar, a different enum case, a different type).
  case replaced(old: DumpTree, new: DumpTree)
  /// A group whose entries partly changed. `path` is added before each entry's component (the
  /// enum case of a payload); unchanged entries are counted, not kept.
  case group(open: String, close: String, path: [PathComponent], entries: [DiffEntry])

  /// The changes below this node, each path starting with `prefix`.
  func changes(under prefix: [PathComponent]) -> [Change] {
    var changes: [Change] = []
    visitChanges(under: prefix) { path, kind in changes.append(Change(path: path, kind: kind())) }
    return changes
  }

  /// Calls `body` with the path of each change below this node, in print order, and a way to
  /// get what happened there (which dumps the values on one line, so it is asked for lazily).
  func visitChanges(
    under prefix: [PathComponent], _ body: ([PathComponent], () -> Change.Kind) -> Void
  ) {
    switch self {
    case .replaced(let old, let new):
      body(prefix) { .changed(old: old.flatText, new: new.flatText) }
    case .group(_, _, let path, let entries):
      let base = prefix + path
      for entry in entries {
        let entryPath = base + (entry.component.map { [$0] } ?? [])
        switch entry.content {
        case .unchanged, .identity: break
        case .changed(let node): node.visitChanges(under: entryPath, body)
        case .inserted(let tree): body(entryPath) { .inserted(tree.flatText) }
        case .removed(let tree): body(entryPath) { .removed(tree.flatText) }
        }
      }
    }
  }
}

/// One line's worth of a changed group: a run of unchanged entries, a changed entry, or an
/// inserted or removed element.
struct DiffEntry: Sendable {
  /// What happened to the entry.
  enum Content: Sendable {
    case unchanged(count: Int)
    /// An unchanged field shown to tell which element changed: its id or its name.
    case identity(DumpTree)
    case changed(DiffNode)
    case inserted(DumpTree)
    case removed(DumpTree)
  }

  /// How the entry is addressed; nil for a run of unchanged entries.
  var component: PathComponent?
  /// Printed before the entry's value: `label: `, `"key": ` or nothing.
  var prefix: String
  var content: Content

  static func unchanged(_ count: Int) -> DiffEntry {
    DiffEntry(component: nil, prefix: "", content: .unchanged(count: count))
  }
}

extension [DiffEntry] {
  /// Appends an entry, merging runs of unchanged entries into one count.
  mutating func appendMerging(_ entry: DiffEntry) {
    if case .unchanged(let count) = entry.content {
      guard count > 0 else { return }
      if let last = self.last, case .unchanged(let previous) = last.content {
        self[endIndex - 1] = .unchanged(previous + count)
        return
      }
    }
    append(entry)
  }

  /// Whether any entry is more than a run of unchanged ones.
  var hasChanges: Bool {
    contains { entry in
      switch entry.content {
      case .unchanged, .identity: return false
      default: return true
      }
    }
  }
}
