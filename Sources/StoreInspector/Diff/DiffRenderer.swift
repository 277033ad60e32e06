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
  public static func text(_ diff: StateDiff, labels: Labels? = nil, maxWidth: Int = 100) -> String {
    guard let root = diff.root else { return noChangesText }
    var lines: [String] = []
    if let labels {
      lines.append("(\(labels.old): −, \(labels.new): +)")
    }
    appendLines(of: root, prefix: "", indent: 0, maxWidth: maxWidth, to: &lines)
    return lines.joined(separator: "\n")
  }

  private static func appendLines(
    of node: DiffNode, prefix: String, indent: Int, maxWidth: Int, to lines: inout [String]
  ) {
    switch node {
    case .replaced(let old, let new):
      appendValue(old, marker: "-", prefix: prefix, indent: indent, maxWidth: maxWidth, to: &lines)
      appendValue(new, marker: "+", prefix: prefix, indent: indent, maxWidth: maxWidth, to: &lines)
    case .group(let open, let close, _, let entries):
      lines.append(line(" ", indent, prefix + open))
      for entry in entries {
        switch entry.content {
        case .unchanged(let count):
          lines.append(line(" ", indent + 2, "… (\(count) unchanged)"))
        case .changed(let child):
          appendLines(
            of: child, prefix: entry.prefix, indent: indent + 2, maxWidth: maxWidth, to: &lines)
        case .inserted(let tree):
          appendValue(
            tree, marker: "+", prefix: entry.prefix, indent: indent + 2, maxWidth: maxWidth,
            to: &lines)
        case .removed(let tree):
          appendValue(
            tree, marker: "-", prefix: entry.prefix, indent: indent + 2, maxWidth: maxWidth,
            to: &lines)
        }
      }
      lines.append(line(" ", indent, close))
    }
  }

  private static func appendValue(
    _ tree: DumpTree, marker: Character, prefix: String, indent: Int, maxWidth: Int,
    to lines: inout [String]
  ) {
    for dumpLine in DumpLayout(tree: tree, maxWidth: maxWidth).lines(indent: indent, prefix: prefix)
    {
      lines.append(line(marker, dumpLine.indent, dumpLine.text))
    }
  }

  private static func line(_ marker: Character, _ indent: Int, _ text: String) -> String {
    String(marker) + " " + String(repeating: " ", count: indent) + text
  }
}
