/// Every value a page shows, each distinct part stored once: a moment is a node id, and the
/// moment after an action shares every part its diff did not touch with the moment before.
///
/// So a session of many entries over a large state costs what its actions changed, not a copy of
/// the state per entry. Derived values are left out (they are not diffed, so they could not be
/// kept up to date from diffs).
struct ValueTable {
  /// A stored value: text, or a group of items.
  enum Node: Hashable {
    case text(String)
    /// `open`, `close` and each item's prefix are indexes into `strings`.
    case group(open: Int, close: Int, items: [Item])
  }

  /// One item of a group.
  struct Item: Hashable {
    /// Index into `strings` of `label: `, `key: ` or the empty string.
    var prefix: Int
    var node: Int
    var role: Role
  }

  /// What an item is to its group, as compares match items.
  enum Role: Hashable {
    case part
    case member
    /// An element of an ordered collection; its `Identifiable` id's dump, index into `strings`.
    case element(id: Int?)
  }

  private(set) var strings: [String] = []
  private var stringIDs: [String: Int] = [:]
  private(set) var nodes: [Node] = []
  private var nodeIDs: [Node: Int] = [:]
  /// One-line texts of nodes already asked for (set members are keyed by them).
  private var flatTexts: [Int: String] = [:]

  // MARK: Storing

  mutating func string(_ text: String) -> Int {
    if let known = stringIDs[text] { return known }
    strings.append(text)
    stringIDs[text] = strings.count - 1
    return strings.count - 1
  }

  mutating func node(_ node: Node) -> Int {
    if let known = nodeIDs[node] { return known }
    nodes.append(node)
    nodeIDs[node] = nodes.count - 1
    return nodes.count - 1
  }

  /// Stores a dumped value.
  mutating func store(_ tree: DumpTree) -> Int {
    store(tree.root, references: tree.referenceNumbers)
  }

  private mutating func store(_ dumped: DumpNode, references: [Int: Int]) -> Int {
    switch dumped {
    case .text(let text):
      return node(.text(text))
    case .object(_, let inner):
      return store(inner, references: references)
    case .reference(let ordinal):
      return node(.text("#\(references[ordinal] ?? 0)"))
    case .group(let open, let close, let items):
      var stored: [Item] = []
      for item in items {
        let role: Role
        switch item.role {
        case .derived: continue
        case .part: role = .part
        case .member: role = .member
        case .element(let id): role = .element(id: id.map { string($0) })
        }
        stored.append(
          Item(
            prefix: string(item.prefix), node: store(item.value, references: references),
            role: role))
      }
      return node(.group(open: string(open), close: string(close), items: stored))
    }
  }

  // MARK: Following diffs

  /// The node of the value `diff` turns the value `id` into.
  mutating func applying(_ diff: DiffNode, to id: Int) -> Int {
    switch diff {
    case .replaced(_, let new):
      return store(new)
    case .group(let open, let close, _, let entries):
      var oldItems: [Item] = []
      if case .group(_, _, let items) = nodes[id] { oldItems = items }
      let items =
        Self.isKeyed(entries)
        ? applyingKeyed(entries, to: oldItems) : applyingInOrder(entries, to: oldItems, open: open)
      if items.isEmpty, entries.contains(where: { !$0.prefix.isEmpty && Self.isKey($0) }) {
        return node(.text("[:]"))
      }
      return node(.group(open: string(open), close: string(close), items: items))
    }
  }

  /// Entries of a struct, payload, tuple or ordered collection: walked along the old items.
  private mutating func applyingInOrder(
    _ entries: [DiffEntry], to oldItems: [Item], open: String
  ) -> [Item] {
    var items: [Item] = []
    var cursor = 0
    for entry in entries {
      switch entry.content {
      case .unchanged(let count):
        let end = min(cursor + count, oldItems.count)
        items += oldItems[min(cursor, end)..<end]
        cursor = end
      case .changed(let child):
        guard cursor < oldItems.count else { continue }
        var item = oldItems[cursor]
        item.node = applying(child, to: item.node)
        items.append(item)
        cursor += 1
      case .inserted(let tree):
        items.append(Item(prefix: string(entry.prefix), node: store(tree), role: role(of: entry, in: open)))
      case .removed:
        cursor += 1
      }
    }
    if cursor < oldItems.count { items += oldItems[cursor...] }
    return items
  }

  /// Entries of a set or dictionary, matched by key; the result sorted as dumps sort them.
  private mutating func applyingKeyed(_ entries: [DiffEntry], to oldItems: [Item]) -> [Item] {
    var byKey: [String: Item] = [:]
    for item in oldItems { byKey[key(of: item)] = item }
    for entry in entries {
      guard case .key(let key)? = entry.component else { continue }
      switch entry.content {
      case .unchanged:
        break
      case .changed(let child):
        if var item = byKey[key] {
          item.node = applying(child, to: item.node)
          byKey[key] = item
        }
      case .inserted(let tree):
        byKey[key] = Item(
          prefix: string(entry.prefix), node: store(tree),
          role: entry.prefix.isEmpty ? .member : .part)
      case .removed:
        byKey[key] = nil
      }
    }
    return byKey.sorted { $0.key.naturallyPrecedes($1.key) }.map(\.value)
  }

  private mutating func role(of entry: DiffEntry, in open: String) -> Role {
    switch entry.component {
    case .id(let id)?: .element(id: string(id))
    case .index? where open == "[": .element(id: nil)
    default: .part
    }
  }

  private static func isKey(_ entry: DiffEntry) -> Bool {
    if case .key? = entry.component { return true }
    return false
  }

  private static func isKeyed(_ entries: [DiffEntry]) -> Bool {
    entries.contains(where: isKey)
  }

  /// How a set member or dictionary entry is keyed: a dictionary entry by its prefix, a member
  /// by its one-line text.
  mutating func key(of item: Item) -> String {
    let prefix = strings[item.prefix]
    if prefix.hasSuffix(": ") { return String(prefix.dropLast(2)) }
    return flatText(of: item.node)
  }

  /// The node on one line, as dumps print it.
  mutating func flatText(of id: Int) -> String {
    if let known = flatTexts[id] { return known }
    let text: String
    switch nodes[id] {
    case .text(let value):
      text = value
    case .group(let open, let close, let items):
      var parts: [String] = []
      for item in items { parts.append(strings[item.prefix] + flatText(of: item.node)) }
      text = strings[open] + parts.joined(separator: ", ") + strings[close]
    }
    flatTexts[id] = text
    return text
  }

  // MARK: Unchanged runs

  /// Where each run of unchanged entries of `diff` (over the value that is now `id`) sits, in
  /// the order the renderer prints the runs: the group's node and the offsets of its items.
  mutating func unchangedRuns(of diff: DiffNode, in id: Int) -> [(node: Int, offsets: [Int])] {
    var runs: [(node: Int, offsets: [Int])] = []
    collectRuns(of: diff, in: id, into: &runs)
    return runs
  }

  private mutating func collectRuns(
    of diff: DiffNode, in id: Int, into runs: inout [(node: Int, offsets: [Int])]
  ) {
    guard case .group(_, _, _, let entries) = diff else { return }
    var items: [Item] = []
    if case .group(_, _, let stored) = nodes[id] { items = stored }
    if Self.isKeyed(entries) {
      var keys: [String] = []
      for item in items { keys.append(key(of: item)) }
      var offsetsByKey: [String: Int] = [:]
      for (offset, key) in keys.enumerated() { offsetsByKey[key] = offset }
      var named: Set<String> = []
      for entry in entries {
        if case .key(let key)? = entry.component { named.insert(key) }
        switch entry.content {
        case .changed(let child):
          if case .key(let key)? = entry.component, let offset = offsetsByKey[key] {
            collectRuns(of: child, in: items[offset].node, into: &runs)
          }
        case .unchanged:
          runs.append((id, keys.indices.filter { !named.contains(keys[$0]) }))
        case .inserted, .removed:
          break
        }
      }
      return
    }
    var cursor = 0
    for entry in entries {
      switch entry.content {
      case .unchanged(let count):
        runs.append((id, Array(cursor..<min(cursor + count, max(items.count, cursor)))))
        cursor += count
      case .changed(let child):
        if cursor < items.count { collectRuns(of: child, in: items[cursor].node, into: &runs) }
        cursor += 1
      case .inserted:
        cursor += 1
      case .removed:
        break
      }
    }
  }
}
