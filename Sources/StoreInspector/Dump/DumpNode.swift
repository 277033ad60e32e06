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
}

/// A dumped value and the numbers (`#1`, `#2`…) of the instances it refers to more than once.
struct DumpTree: Sendable {
  var root: DumpNode
  /// Display number of each referenced instance, by ordinal.
  var referenceNumbers: [Int: Int]

  /// The whole value on one line.
  var flatText: String {
    var text = ""
    _ = DumpLayout(tree: self, maxWidth: .max).writeFlat(root, into: &text, limit: .max)
    return text
  }
}
