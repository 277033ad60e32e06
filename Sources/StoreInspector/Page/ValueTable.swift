/// Every value a page shows, each distinct part stored once: a moment is a node id, and the
/// moment after an action shares every part its diff did not touch with the moment before.
///
/// So a session of many entries over a large state costs what its actions changed, not a copy of
/// the state per entry. Derived values are left out (they are not diffed, so they could not be
/// kept up to date from diffs).
struct ValueTable {
  /// A stored value: text, a group of items, or a group made from another by one splice.
  enum Node {
    case text(String)
    /// `open`, `close` and each item's prefix are indexes into `strings`.
    case group(open: Int, close: Int, items: [Item])
    /// The group `base` with `deleted` items at `start` replaced by `inserted`: a change to a
    /// long group (one member of a large set, one row of a long list) costs what changed.
    case splice(base: Int, start: Int, deleted: Int, inserted: [Item])
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
    /// Kept only in values a diff printed (states leave derived values out).
    case derived
    case member
    /// An element of an ordered collection; its `Identifiable` id's dump, index into `strings`.
    case element(id: Int?)
  }

  private(set) var strings: [String] = []
  private var stringIDs: [String: Int] = [:]
  /// The index of the empty string, the prefix of every element.
  private var emptyString: Int?
  private(set) var nodes: [Node] = []
  private var textIDs: [String: Int] = [:]
  /// Groups by a hash of their brackets and every item, however they are stored: a value
  /// stored again, or reached again by a diff, is the node it was. The first group of a hash is
  /// in `groupIDs`, any other in `sameHashGroupIDs`.
  private var groupIDs: [Int: Int] = [:]
  private var sameHashGroupIDs: [Int: [Int]] = [:]
  /// One-line texts of nodes already asked for (set members are keyed by them).
  private var flatTexts: [Int: String] = [:]

  // MARK: Storing

  mutating func string(_ text: String) -> Int {
    if text.isEmpty, let empty = emptyString { return empty }
    if let known = stringIDs[text] { return known }
    if text.isEmpty { emptyString = strings.count }
    strings.append(text)
    stringIDs[text] = strings.count - 1
    return strings.count - 1
  }

  mutating func text(_ text: String) -> Int {
    if let known = textIDs[text] { return known }
    nodes.append(.text(text))
    textIDs[text] = nodes.count - 1
    return nodes.count - 1
  }

  /// How many splices lead from a splice node back to a group stored whole.
  private var spliceDepths: [Int: Int] = [:]
  /// The items of groups read lately, splices worked out: a diff is mostly followed from the
  /// moment just made, whose groups are here. The older half is dropped as the newer fills.
  private var itemCache: [Int: [Item]] = [:]
  private var olderItemCache: [Int: [Item]] = [:]
  /// How long a chain of splices grows before a group is stored whole again.
  private static let maximumSpliceDepth = 32

  /// The items of the node `id` (none for a text).
  mutating func items(of id: Int) -> [Item] {
    switch nodes[id] {
    case .text: return []
    case .group(_, _, let items): return items
    case .splice(let base, let start, let deleted, let inserted):
      if let known = itemCache[id] ?? olderItemCache[id] { return known }
      var items = self.items(of: base)
      items.replaceSubrange(start..<(start + deleted), with: inserted)
      remember(items, of: id)
      return items
    }
  }

  /// The brackets of the group `id`, as indexes into `strings`; nil for a text.
  func brackets(of id: Int) -> (open: Int, close: Int)? {
    var id = id
    while true {
      switch nodes[id] {
      case .text: return nil
      case .group(let open, let close, _): return (open, close)
      case .splice(let base, _, _, _): id = base
      }
    }
  }

  private mutating func remember(_ items: [Item], of id: Int) {
    if itemCache.count >= 64 {
      olderItemCache = itemCache
      itemCache.removeAll(keepingCapacity: true)
    }
    itemCache[id] = items
  }

  /// Whether the group `id` has these brackets and items.
  private mutating func holds(_ id: Int, open: Int, close: Int, items: [Item]) -> Bool {
    guard let brackets = brackets(of: id), brackets == (open, close) else { return false }
    return self.items(of: id) == items
  }

  /// The group of `items`: the node that holds them already, else a new one, stored as a
  /// splice of `source` when that group has the same brackets and the splice is much shorter
  /// than the items.
  private mutating func group(open: Int, close: Int, items: [Item], from source: Int? = nil) -> Int {
    var hasher = Hasher()
    hasher.combine(open)
    hasher.combine(close)
    hasher.combine(items)
    let key = hasher.finalize()
    let made = nodes.count
    if let first = groupIDs[key] {
      if holds(first, open: open, close: close, items: items) { return first }
      for known in sameHashGroupIDs[key] ?? [] where holds(known, open: open, close: close, items: items) {
        return known
      }
      sameHashGroupIDs[key, default: []].append(made)
    } else {
      groupIDs[key] = made
    }
    if let source, items.count >= 4, let brackets = brackets(of: source), brackets == (open, close) {
      let depth = (spliceDepths[source] ?? 0) + 1
      let old = self.items(of: source)
      var start = 0
      while start < old.count, start < items.count, old[start] == items[start] { start += 1 }
      var end = 0
      while end < old.count - start, end < items.count - start,
        old[old.count - 1 - end] == items[items.count - 1 - end]
      {
        end += 1
      }
      let inserted = Array(items[start..<(items.count - end)])
      if depth < Self.maximumSpliceDepth, inserted.count * 2 < items.count {
        nodes.append(
          .splice(base: source, start: start, deleted: old.count - start - end, inserted: inserted))
        spliceDepths[made] = depth
        remember(items, of: made)
        return made
      }
    }
    nodes.append(.group(open: open, close: close, items: items))
    return made
  }

  /// Stores a dumped value, leaving out derived values unless `keepsDerived`.
  ///
  /// A tree stored lately is its node again without a walk (a diff's inserted value is stored
  /// as the moment follows the diff, then as a value its brief form shortened), and a value a
  /// diff removed or replaced is compared with the node it was diffed from (see `RecentTrees`).
  mutating func store(_ tree: DumpTree, keepsDerived: Bool = false) -> Int {
    let root = RecentTrees.rootItems(of: tree.root)
    if let root, let recent = recentTrees[root] {
      if let stored = recent.stored {
        if stored.references == tree.referenceNumbers,
          stored.keepsDerived == keepsDerived || !stored.hasDerived
        {
          return recent.node
        }
      } else if holds(
        tree.root, in: recent.node, references: tree.referenceNumbers, keepsDerived: keepsDerived)
      {
        return recent.node
      }
    }
    storedDerived = false
    let node = store(tree.root, references: tree.referenceNumbers, keepsDerived: keepsDerived)
    if let root {
      recentTrees.remember(
        root,
        as: RecentTrees.Tree(
          node: node,
          stored: (tree.referenceNumbers, keepsDerived: keepsDerived, hasDerived: storedDerived)))
    }
    return node
  }

  /// Trees stored lately, and values diffs removed or replaced with the nodes they were diffed
  /// from.
  private var recentTrees = RecentTrees()

  /// Lets go of the trees stored or diffed lately: called once an entry's values are stored,
  /// while the entry still holds its trees, so that the thread that made them frees them.
  mutating func forgetRecentTrees() {
    recentTrees.removeAll()
  }
  /// Whether the value being stored has a derived value (kept or left out).
  private var storedDerived = false

  /// Notes that the dumped value `tree` was diffed from the node `id`: storing it again (as a
  /// value a brief diff shortened) compares the two before taking `id`.
  private mutating func noteDiffed(_ tree: DumpTree, from id: Int) {
    guard let root = RecentTrees.rootItems(of: tree.root), recentTrees[root] == nil else { return }
    recentTrees.remember(root, as: RecentTrees.Tree(node: id, stored: nil))
  }

  /// Whether storing `dumped` would give the node `id`: its parts compared with the node's,
  /// no part hashed. A value has one node (`group` and `text` find the node of equal parts), so
  /// equal parts are the same node.
  private mutating func holds(
    _ dumped: DumpNode, in id: Int, references: [Int: Int], keepsDerived: Bool
  ) -> Bool {
    switch dumped {
    case .text(let text):
      if case .text(let stored) = nodes[id] { return stored == text }
      return false
    case .object(_, let inner):
      return holds(inner, in: id, references: references, keepsDerived: keepsDerived)
    case .reference(let ordinal):
      guard case .text(let stored) = nodes[id] else { return false }
      return stored == DumpTree.backReference(ordinal, in: references)
    case .group(let open, let close, let dumpedItems):
      guard let brackets = brackets(of: id), strings[brackets.open] == open,
        strings[brackets.close] == close
      else { return false }
      let items = self.items(of: id)
      var index = 0
      for dumpedItem in dumpedItems {
        if case .derived = dumpedItem.role, !keepsDerived { continue }
        guard index < items.count else { return false }
        let item = items[index]
        let sameRole =
          switch (dumpedItem.role, item.role) {
          case (.part, .part), (.derived, .derived), (.member, .member): true
          case (.element(let dumpedID), .element(let id)): dumpedID == id.map { strings[$0] }
          default: false
          }
        guard sameRole, strings[item.prefix] == dumpedItem.prefix,
          holds(dumpedItem.value, in: item.node, references: references, keepsDerived: keepsDerived)
        else { return false }
        index += 1
      }
      return index == items.count
    }
  }

  private mutating func store(
    _ dumped: DumpNode, references: [Int: Int], keepsDerived: Bool
  ) -> Int {
    switch dumped {
    case .text(let text):
      return self.text(text)
    case .object(_, let inner):
      return store(inner, references: references, keepsDerived: keepsDerived)
    case .reference(let ordinal):
      return text(DumpTree.backReference(ordinal, in: references))
    case .group(let open, let close, let items):
      var stored: [Item] = []
      for item in items {
        let role: Role
        switch item.role {
        case .derived:
          storedDerived = true
          guard keepsDerived else { continue }
          role = .derived
        case .part: role = .part
        case .member: role = .member
        case .element(let id): role = .element(id: id.map { string($0) })
        }
        stored.append(
          Item(
            prefix: string(item.prefix),
            node: store(item.value, references: references, keepsDerived: keepsDerived),
            role: role))
      }
      return group(open: string(open), close: string(close), items: stored)
    }
  }

  // MARK: Following diffs

  /// The node of the value `diff` turns the value `id` into.
  mutating func applying(_ diff: DiffNode, to id: Int) -> Int {
    switch diff {
    case .replaced(let old, let new):
      noteDiffed(old, from: id)
      return store(new)
    case .group(let open, let close, _, let entries):
      let oldItems = items(of: id)
      let items =
        Self.isKeyed(entries)
        ? applyingKeyed(entries, to: oldItems) : applyingInOrder(entries, to: oldItems, open: open)
      if items.isEmpty, entries.contains(where: { !$0.prefix.isEmpty && Self.isKey($0) }) {
        return text("[:]")
      }
      return group(open: string(open), close: string(close), items: items, from: id)
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
      case .identity:
        if cursor < oldItems.count { items.append(oldItems[cursor]) }
        cursor += 1
      case .changed(let child):
        guard cursor < oldItems.count else { continue }
        var item = oldItems[cursor]
        item.node = applying(child, to: item.node)
        items.append(item)
        cursor += 1
      case .inserted(let tree):
        items.append(Item(prefix: string(entry.prefix), node: store(tree), role: role(of: entry, in: open)))
      case .removed(let tree):
        if cursor < oldItems.count { noteDiffed(tree, from: oldItems[cursor].node) }
        cursor += 1
      }
    }
    if cursor < oldItems.count { items += oldItems[cursor...] }
    return items
  }

  /// Entries of a set or dictionary, matched by key; the result sorted as dumps sort them (the
  /// old items are sorted, so each insertion finds its place by bisection).
  private mutating func applyingKeyed(_ entries: [DiffEntry], to oldItems: [Item]) -> [Item] {
    var items = oldItems
    for entry in entries {
      guard case .key(let key)? = entry.component else { continue }
      let (offset, found) = position(of: key, in: items)
      switch entry.content {
      case .unchanged, .identity:
        break
      case .changed(let child):
        if found { items[offset].node = applying(child, to: items[offset].node) }
      case .inserted(let tree):
        let item = Item(
          prefix: string(entry.prefix), node: store(tree),
          role: entry.prefix.isEmpty ? .member : .part)
        if found { items[offset] = item } else { items.insert(item, at: offset) }
      case .removed(let tree):
        guard found else { break }
        noteDiffed(tree, from: items[offset].node)
        items.remove(at: offset)
      }
    }
    return items
  }

  /// Where the item keyed `key` is in items sorted by key, or where it would go.
  private mutating func position(of key: String, in items: [Item]) -> (offset: Int, found: Bool) {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if Self.precedes(self.key(of: items[middle]), key) { low = middle + 1 } else { high = middle }
    }
    return (low, low < items.count && self.key(of: items[low]) == key)
  }

  /// Whether the key `lhs` sorts before `rhs` as dumps sort them (`naturallyPrecedes`). Two
  /// whole numbers written without leading zeros (the members of a set of ids) compare by
  /// length, then digit by digit, which is that order with no scalar's properties looked up.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    if let lhsDigits = plainNumberLength(lhs), let rhsDigits = plainNumberLength(rhs) {
      if lhsDigits != rhsDigits { return lhsDigits < rhsDigits }
      return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
    return lhs.naturallyPrecedes(rhs)
  }

  /// The length of `text` when it is a whole number in ASCII digits without a leading zero
  /// (`0` itself included).
  private static func plainNumberLength(_ text: String) -> Int? {
    var count = 0
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"),
        count > 0 || byte != UInt8(ascii: "0") || text.utf8.count == 1
      else { return nil }
      count += 1
    }
    return count > 0 ? count : nil
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
    var text = ""
    if case .text(let value) = nodes[id] {
      text = value
    } else if let brackets = brackets(of: id) {
      var parts: [String] = []
      for item in items(of: id) { parts.append(strings[item.prefix] + flatText(of: item.node)) }
      text = strings[brackets.open] + parts.joined(separator: ", ") + strings[brackets.close]
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
    let items = items(of: id)
    if Self.isKeyed(entries) {
      var named: Set<Int> = []
      for entry in entries {
        guard case .key(let key)? = entry.component else { continue }
        let (offset, found) = position(of: key, in: items)
        if found { named.insert(offset) }
        switch entry.content {
        case .changed(let child):
          if found { collectRuns(of: child, in: items[offset].node, into: &runs) }
        case .unchanged, .identity, .inserted, .removed:
          break
        }
      }
      if case .unchanged? = entries.last?.content {
        runs.append((id, items.indices.filter { !named.contains($0) }))
      }
      return
    }
    var cursor = 0
    for entry in entries {
      switch entry.content {
      case .unchanged(let count):
        runs.append((id, Array(cursor..<min(cursor + count, max(items.count, cursor)))))
        cursor += count
      case .identity:
        cursor += 1
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

extension ValueTable {
  /// Dumped values stored or diffed lately, by the address of their root's items: each keeps
  /// its items, so that no other tree takes that address while it is here. The older half is
  /// dropped as the newer fills; an entry's values are stored and shortened within the entry.
  struct RecentTrees {
    /// What a dumped value is in the table.
    struct Tree {
      var node: Int
      /// How the value was stored as `node`: its reference numbers, whether derived values were
      /// kept, and whether it has any. Nil when `node` is only the value a diff removed or
      /// replaced it from, to be compared before it is taken.
      var stored: (references: [Int: Int], keepsDerived: Bool, hasDerived: Bool)?
    }

    private var newer: [UnsafeRawPointer: (items: [DumpItem], tree: Tree)] = [:]
    private var older: [UnsafeRawPointer: (items: [DumpItem], tree: Tree)] = [:]

    /// How many values the newer half holds before it becomes the older.
    static var capacity: Int { 64 }

    /// The items of the group a dumped value is, when it is a group that has items (the
    /// values worth remembering: a text is stored by one look-up).
    static func rootItems(of dumped: DumpNode) -> [DumpItem]? {
      switch dumped {
      case .object(_, let inner): rootItems(of: inner)
      case .group(_, _, let items) where !items.isEmpty: items
      case .text, .reference, .group: nil
      }
    }

    /// What the value whose root items are `items` is, if it was remembered.
    subscript(items: [DumpItem]) -> Tree? {
      guard let address = Self.address(of: items) else { return nil }
      return newer[address]?.tree ?? older[address]?.tree
    }

    mutating func remember(_ items: [DumpItem], as tree: Tree) {
      guard let address = Self.address(of: items) else { return }
      if newer.count >= Self.capacity {
        older = newer
        newer.removeAll(keepingCapacity: true)
      }
      newer[address] = (items, tree)
    }

    mutating func removeAll() {
      newer.removeAll(keepingCapacity: true)
      older.removeAll()
    }

    private static func address(of items: [DumpItem]) -> UnsafeRawPointer? {
      items.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
  }
}
