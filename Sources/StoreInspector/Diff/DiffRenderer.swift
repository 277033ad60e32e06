/// Prints a `StateDiff` as text (TCA / custom-dump style) or JSON.
///
/// ```text
///   AppState(
///     list: ListState(
///       … (2 unchanged)
/// -     isLoading: false
/// +     isLoading: true
///       … (2 unchanged)
///     )
///     … (3 unchanged)
///   )
/// ```
/// Every line starts with `-` (old), `+` (new) or a space, then a space; each level indents
/// by two spaces; runs of unchanged siblings fold into `… (N unchanged)`; elements of identified
/// arrays and sets are matched, so an insertion is one `+` line.
public struct DiffRenderer {
  /// Names for the old and new side, printed as a header such as `(Expected: −, Actual: +)`.
  public struct Labels: Sendable, Equatable {
    /// What the `-` lines are, e.g. `Expected`.
    public var old: String
    /// What the `+` lines are, e.g. `Actual`.
    public var new: String

    /// Labels for the two sides of a diff.
    public init(old: String, new: String) {
      self.old = old
      self.new = new
    }

    /// The labels of a test failure: `(Expected: −, Actual: +)`.
    public static let testFailure = Labels(old: "Expected", new: "Actual")
  }

  /// The text a diff with no changes renders as.
  public static let noChangesText = "(No state changes)"

  /// The diff as text, `maxWidth` wide where values allow, with a header line when `labels`
  /// are given; `(No state changes)` when the diff is empty.
  ///
  /// With `maxItems`, a brief form for transcripts: runs of inserted or removed elements longer
  /// than `maxItems` print their first `maxItems` and a count of the rest, and so do long
  /// collections inside inserted or replaced values (`diff` shows them in full).
  public static func text(
    _ diff: StateDiff, labels: Labels? = nil, maxWidth: Int = 100, maxItems: Int? = nil
  ) -> String {
    guard let root = diff.root else { return noChangesText }
    var lines: [String] = []
    if let labels {
      lines.append("(\(labels.old): −, \(labels.new): +)")
    }
    var renderer = Renderer(maxWidth: maxWidth, maxItems: maxItems)
    renderer.appendLines(of: root, prefix: "", indent: 0, to: &lines)
    return lines.joined(separator: "\n")
  }
}

/// Turns a diff tree into lines.
private struct Renderer {
  let maxWidth: Int
  let maxItems: Int?

  mutating func appendLines(
    of node: DiffNode, prefix: String, indent: Int, to lines: inout [String]
  ) {
    switch node {
    case .replaced(let old, let new):
      appendValue(old, marker: "-", prefix: prefix, indent: indent, to: &lines)
      appendValue(new, marker: "+", prefix: prefix, indent: indent, to: &lines)
    case .group(let open, let close, _, let entries):
      lines.append(line(" ", indent, prefix + open))
      var run: (marker: Character, shown: Int, hidden: Int)?
      func endRun() {
        if let current = run, current.hidden > 0 {
          lines.append(line(current.marker, indent + 2, "… (\(current.hidden) more)"))
        }
        run = nil
      }
      for entry in entries {
        switch entry.content {
        case .unchanged(let count):
          endRun()
          lines.append(line(" ", indent + 2, "… (\(count) unchanged)"))
        case .changed(let child):
          endRun()
          appendLines(of: child, prefix: entry.prefix, indent: indent + 2, to: &lines)
        case .inserted(let tree), .removed(let tree):
          let marker: Character = if case .inserted = entry.content { "+" } else { "-" }
          if run?.marker != marker { endRun() }
          var current = run ?? (marker, 0, 0)
          if let maxItems, current.shown >= maxItems {
            current.hidden += 1
          } else {
            current.shown += 1
            appendValue(tree, marker: marker, prefix: entry.prefix, indent: indent + 2, to: &lines)
          }
          run = current
        }
      }
      endRun()
      lines.append(line(" ", indent, close))
    }
  }

  private func appendValue(
    _ tree: DumpTree, marker: Character, prefix: String, indent: Int, to lines: inout [String]
  ) {
    let layout = DumpLayout(tree: tree.eliding(maxItems: maxItems), maxWidth: maxWidth)
    for dumpLine in layout.lines(indent: indent, prefix: prefix) {
      lines.append(line(marker, dumpLine.indent, dumpLine.text))
    }
  }

  private func line(_ marker: Character, _ indent: Int, _ text: String) -> String {
    String(marker) + " " + String(repeating: " ", count: indent) + text
  }
}
