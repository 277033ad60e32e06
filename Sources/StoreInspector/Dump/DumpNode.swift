import DexPlatform

/// A value laid out for printing, independent of line width.
///
/// Built once from a value by `Dumper`; `DumpLayout` turns it into one or several lines.
indirect enum DumpNode: Sendable {
  /// Text printed as is: a scalar, an enum case without payload, an empty group.
  case text(String)
  /// A bracketed group: `TypeName(` … `)`, `[` … `]`, `.case(` … `)`, `(` … `)`.
  case group(open: String, close: String, items: [DumpItem])
  /// The first appearance of a class instance; `ordinal` counts instances in order of appearance.
  case object(ordinal: Int, DumpNode)
  /// A later appearance of the instance with `ordinal` (a cycle or a shared reference).
  case reference(ordinal: Int)
}

/// One element of a group, with the prefix that names it (`label: ` or `"key": `).
struct DumpItem: Sendable {
  var prefix: String
  var value: DumpNode
  /// What the item is to its group; layouts ignore it, pages compare by it.
  var role = Role.part

  /// What an item is to its group.
  enum Role: Sendable, Hashable {
    /// A stored property, payload or tuple value, or a dictionary entry (named by its prefix).
    case part
    /// A value computed from the others (`DerivedValue`): dumped, never diffed.
    case derived
    /// An element of an ordered collection, with the dump of its `Identifiable` id if it has one.
    case element(id: String?)
    /// A member of a set, matched by value.
    case member
  }
}

/// A dumped value and the numbers (`#1`, `#2`…) of the instances it refers to more than once.
struct DumpTree: Sendable {
  var root: DumpNode
  /// Display number of each referenced instance, by ordinal.
  var referenceNumbers: [Int: Int]

  /// How a later reference to an instance prints: `#` and its number, as `numbers` (a tree's
  /// `referenceNumbers`) gives it for the reference's ordinal.
  static func backReference(_ ordinal: Int, in numbers: [Int: Int]) -> String {
    "#\(numbers[ordinal] ?? 0)"
  }

  /// The whole value on one line.
  var flatText: String {
    if case .text(let text) = root { return text }
    var text = ""
    _ = DumpLayout(tree: self, maxWidth: .max).writeFlat(root, into: &text, limit: .max)
    return text
  }
}

extension DumpNode {
  /// This node with every collection (`[` … `]`) longer than `maxItems` cut to its first
  /// `maxItems` items and a last item `… (N more)`.
  func eliding(maxItems: Int) -> DumpNode {
    switch self {
    case .text, .reference:
      return self
    case .object(let ordinal, let node):
      return .object(ordinal: ordinal, node.eliding(maxItems: maxItems))
    case .group(let open, let close, let items):
      var kept = items.map {
        DumpItem(prefix: $0.prefix, value: $0.value.eliding(maxItems: maxItems), role: $0.role)
      }
      if open.hasSuffix("["), kept.count > maxItems {
        let hidden = kept.count - maxItems
        kept = Array(kept.prefix(maxItems)) + [DumpItem(prefix: "", value: .text("… (\(hidden) more)"))]
      }
      return .group(open: open, close: close, items: kept)
    }
  }
}

extension DumpTree {
  /// This tree with long collections cut (see `DumpNode.eliding(maxItems:)`).
  func eliding(maxItems: Int?) -> DumpTree {
    guard let maxItems else { return self }
    return DumpTree(root: root.eliding(maxItems: maxItems), referenceNumbers: referenceNumbers)
  }
}

extension DumpNode {
  /// This node with every group deeper than `depth` levels (the root's items are level 1)
  /// folded to its brackets and a count, or to what identifies it (see `ElementIdentity`):
  /// `Todo(id: 4, title: "Buy milk", …)`, `Settings(…)`, `[…] (20 elements)`.
  func collapsed(below depth: Int) -> DumpNode {
    switch self {
    case .text, .reference:
      return self
    case .object(let ordinal, let node):
      return .object(ordinal: ordinal, node.collapsed(below: depth))
    case .group(let open, let close, let items):
      guard !items.isEmpty else { return self }
      guard depth > 0 else {
        let count = open.hasSuffix("[") ? " (\(items.count) \(items.count == 1 ? "element" : "elements"))" : ""
        let identity = ElementIdentity.prefixes(among: items)
        let shown = items.compactMap { item -> String? in
          guard identity.contains(item.prefix), case .text(let text) = item.value else { return nil }
          return item.prefix + text
        }
        return .text(open + (shown + ["…"]).joined(separator: ", ") + close + count)
      }
      return .group(
        open: open, close: close,
        items: items.map {
          DumpItem(prefix: $0.prefix, value: $0.value.collapsed(below: depth - 1), role: $0.role)
        })
    }
  }
}
