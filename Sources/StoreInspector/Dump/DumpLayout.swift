/// One printed line: its indentation in spaces and its text.
struct DumpLine: Sendable, Equatable {
  var indent: Int
  var text: String
}

/// Lays a `DumpTree` out in lines no wider than `maxWidth` where possible.
///
/// A group stays on one line when the line fits; otherwise it opens on its own line, prints one
/// item per line indented by two more spaces with a comma after all but the last, and closes on
/// a line of its own.
struct DumpLayout {
  var tree: DumpTree
  var maxWidth: Int

  /// The lines of the whole tree, starting at `indent` with `prefix` before the first line.
  func lines(indent: Int = 0, prefix: String = "") -> [DumpLine] {
    var lines: [DumpLine] = []
    append(tree.root, prefix: prefix, suffix: "", indent: indent, to: &lines)
    return lines
  }

  private func append(
    _ node: DumpNode, prefix: String, suffix: String, indent: Int, to lines: inout [DumpLine]
  ) {
    var flat = prefix
    let budget = maxWidth == .max ? .max : maxWidth - indent - suffix.count
    if writeFlat(node, into: &flat, limit: budget) {
      lines.append(DumpLine(indent: indent, text: flat + suffix))
      return
    }
    switch node {
    case .text(let text):
      lines.append(DumpLine(indent: indent, text: prefix + text + suffix))
    case .group(let open, let close, let items) where items.isEmpty:
      lines.append(DumpLine(indent: indent, text: prefix + open + close + suffix))
    case .group(let open, let close, let items):
      lines.append(DumpLine(indent: indent, text: prefix + open))
      for (offset, item) in items.enumerated() {
        append(
          item.value, prefix: item.prefix, suffix: offset == items.count - 1 ? "" : ",",
          indent: indent + 2, to: &lines)
      }
      lines.append(DumpLine(indent: indent, text: close + suffix))
    case .object(let ordinal, let inner):
      append(inner, prefix: prefix + marker(ordinal), suffix: suffix, indent: indent, to: &lines)
    case .reference(let ordinal):
      lines.append(DumpLine(indent: indent, text: prefix + backReference(ordinal) + suffix))
    }
  }

  /// Appends the one-line text of `node`; returns false as soon as `text` grows past `limit`
  /// characters, leaving it partly written.
  func writeFlat(_ node: DumpNode, into text: inout String, limit: Int) -> Bool {
    switch node {
    case .text(let value):
      text += value
    case .group(let open, let close, let items):
      text += open
      for (offset, item) in items.enumerated() {
        if offset > 0 { text += ", " }
        text += item.prefix
        guard writeFlat(item.value, into: &text, limit: limit) else { return false }
      }
      text += close
    case .object(let ordinal, let inner):
      text += marker(ordinal)
      return writeFlat(inner, into: &text, limit: limit)
    case .reference(let ordinal):
      text += backReference(ordinal)
    }
    return limit == .max || text.count <= limit
  }

  private func marker(_ ordinal: Int) -> String {
    tree.referenceNumbers[ordinal].map { "#\($0) " } ?? ""
  }

  private func backReference(_ ordinal: Int) -> String {
    "#\(tree.referenceNumbers[ordinal] ?? 0)"
  }
}
