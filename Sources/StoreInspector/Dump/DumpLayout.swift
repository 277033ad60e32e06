/// One printed line: its indentation in spaces and its text.
struct DumpLine: Sendable, Equatable {
  var indent: Int
  var text: String
}

/// Lays a `DumpTree` out in lines no wider than `maxWidth` where possible.
///
/// A group stays on one line when the line fits; otherwise it opens on its own line, prints one
/// item per line indented by two more spaces with a comma after all but the last, and closes on
/// a line of its own. Two options make long values readable on a terminal:
/// - `oneLineDepth`: groups that deep (the root is depth 0) and the elements of collections
///   print on one line, shortened to the width with `…` (`Todo(id: 4, title: "Buy milk", …)`);
/// - `wrapsStrings`: a string literal wider than the line continues on the next lines, two
///   spaces further in.
struct DumpLayout {
  var tree: DumpTree
  var maxWidth: Int
  /// Groups this deep, and collection elements, print on one shortened line; nil: never.
  var oneLineDepth: Int?
  /// Whether long string literals wrap onto continuation lines.
  var wrapsStrings = false

  init(tree: DumpTree, maxWidth: Int, oneLineDepth: Int? = nil, wrapsStrings: Bool = false) {
    self.tree = tree
    self.maxWidth = maxWidth
    self.oneLineDepth = oneLineDepth
    self.wrapsStrings = wrapsStrings
  }

  /// The lines of the whole tree, starting at `indent` with `prefix` before the first line.
  func lines(indent: Int = 0, prefix: String = "") -> [DumpLine] {
    linesNotingShortening(indent: indent, prefix: prefix).0
  }

  /// The lines, and whether `oneLineDepth` shortened any of them.
  func linesNotingShortening(indent: Int = 0, prefix: String = "") -> ([DumpLine], Bool) {
    var lines: [DumpLine] = []
    var shortened = false
    append(
      tree.root, prefix: prefix, suffix: "", indent: indent, depth: 0, shortened: &shortened,
      to: &lines)
    return (lines, shortened)
  }

  private func append(
    _ node: DumpNode, prefix: String, suffix: String, indent: Int, depth: Int,
    isElement: Bool = false, shortened: inout Bool, to lines: inout [DumpLine]
  ) {
    var flat = prefix
    let budget = maxWidth == .max ? .max : maxWidth - indent - suffix.count
    if writeFlat(node, into: &flat, limit: budget) {
      lines.append(DumpLine(indent: indent, text: flat + suffix))
      return
    }
    // Text (a long message) is never cut: it prints whole, or wrapped.
    if let oneLineDepth, depth >= oneLineDepth || isElement, budget != .max, !node.isText {
      var text = prefix
      writeShortened(node, into: &text, limit: budget)
      lines.append(DumpLine(indent: indent, text: text + suffix))
      shortened = true
      return
    }
    switch node {
    case .text(let text):
      lines += wrapped(prefix + text + suffix, indent: indent, isString: text.hasPrefix("\""))
    case .group(let open, let close, let items) where items.isEmpty:
      lines.append(DumpLine(indent: indent, text: prefix + open + close + suffix))
    case .group(let open, let close, let items):
      lines.append(DumpLine(indent: indent, text: prefix + open))
      let isCollection = open.hasSuffix("[")
      for (offset, item) in items.enumerated() {
        append(
          item.value, prefix: item.prefix, suffix: offset == items.count - 1 ? "" : ",",
          indent: indent + 2, depth: depth + 1, isElement: isCollection, shortened: &shortened,
          to: &lines)
      }
      lines.append(DumpLine(indent: indent, text: close + suffix))
    case .object(let ordinal, let inner):
      append(
        inner, prefix: prefix + marker(ordinal), suffix: suffix, indent: indent, depth: depth,
        isElement: isElement, shortened: &shortened, to: &lines)
    case .reference(let ordinal):
      lines.append(DumpLine(indent: indent, text: prefix + backReference(ordinal) + suffix))
    }
  }

  /// A line holding a string literal, cut at spaces into lines that fit, the later ones two
  /// spaces further in; other text stays on one line.
  private func wrapped(_ text: String, indent: Int, isString: Bool) -> [DumpLine] {
    guard wrapsStrings, isString, maxWidth != .max, text.count > maxWidth - indent else {
      return [DumpLine(indent: indent, text: text)]
    }
    var lines: [DumpLine] = []
    var rest = Substring(text)
    var lineIndent = indent
    while rest.count > maxWidth - lineIndent {
      let room = max(20, maxWidth - lineIndent)
      let window = rest.prefix(room)
      guard let space = window.lastIndex(of: " "), space > window.startIndex else { break }
      lines.append(DumpLine(indent: lineIndent, text: String(rest[..<space])))
      rest = rest[rest.index(after: space)...]
      lineIndent = indent + 2
    }
    lines.append(DumpLine(indent: lineIndent, text: String(rest)))
    return lines
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

  /// Appends `node` on one line of at most `limit` characters: the items of a group that fit
  /// whole, its id and name first (`Member(id: 2, nickname: "Ace", …)`), then `…` before the
  /// group closes; text too long is cut with `…`.
  func writeShortened(_ node: DumpNode, into text: inout String, limit: Int) {
    var whole = text
    if writeFlat(node, into: &whole, limit: limit) {
      text = whole
      return
    }
    switch node {
    case .text(let value):
      let room = max(1, limit - text.count - 2)
      text += value.hasPrefix("\"") ? value.prefix(room) + "…\"" : value.prefix(room) + "…"
    case .group(let open, let close, let items):
      let flats = items.map { item -> String? in
        var flat = item.prefix
        return writeFlat(item.value, into: &flat, limit: limit) ? flat : nil
      }
      // The id and the name are always shown; the other items while they fit.
      let identity = ElementIdentity.prefixes(among: items)
      var used = text.count + open.count + close.count + 3
      var chosen = Set<Int>()
      for index in items.indices where identity.contains(items[index].prefix) {
        guard let flat = flats[index] else { continue }
        chosen.insert(index)
        used += flat.count + 2
      }
      for index in items.indices where !identity.contains(items[index].prefix) {
        guard let flat = flats[index], used + flat.count + 2 <= limit + 2 else { break }
        chosen.insert(index)
        used += flat.count + 2
      }
      if chosen.isEmpty, let first = items.first {
        // Not even one item fits whole: the first one, shortened in turn.
        text += open + first.prefix
        writeShortened(first.value, into: &text, limit: limit - close.count - 3)
        text += (items.count > 1 ? ", …" : "") + close
        return
      }
      let shown = items.indices.filter(chosen.contains).compactMap { flats[$0] }
      text += open + (shown + (chosen.count < items.count ? ["…"] : [])).joined(separator: ", ")
        + close
    case .object(let ordinal, let inner):
      text += marker(ordinal)
      writeShortened(inner, into: &text, limit: limit)
    case .reference(let ordinal):
      text += backReference(ordinal)
    }
  }

  private func marker(_ ordinal: Int) -> String {
    tree.referenceNumbers[ordinal].map { "#\($0) " } ?? ""
  }

  private func backReference(_ ordinal: Int) -> String {
    DumpTree.backReference(ordinal, in: tree.referenceNumbers)
  }
}

extension DumpNode {
  /// Whether the node is plain text (a scalar, a string, a case without payload).
  fileprivate var isText: Bool {
    if case .text = self { return true }
    return false
  }
}
