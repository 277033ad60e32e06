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
  /// collections inside inserted or replaced values (`diff` shows them in full); an inserted
  /// or removed element is one line (`+ Todo(id: 4, title: "Buy milk", …)`), and so is
  /// anything nested two levels inside a replaced value. `wrapsStrings` continues long strings
  /// on the next lines.
  public static func text(
    _ diff: StateDiff, labels: Labels? = nil, maxWidth: Int = 100, maxItems: Int? = nil,
    wrapsStrings: Bool = false
  ) -> String {
    guard diff.root != nil else { return noChangesText }
    return lines(diff, maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
      .renderedText(header: labels.map(header))
  }

  /// The lines `text(_:labels:maxWidth:maxItems:)` prints, without the header; none when the
  /// diff is empty.
  public static func lines(
    _ diff: StateDiff, maxWidth: Int = 100, maxItems: Int? = nil, wrapsStrings: Bool = false
  ) -> [DiffLine] {
    valueLines(diff, maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings).lines
  }

  /// The lines, and the values the brief form shortened or left out, for a page that can print
  /// them in full.
  static func valueLines(
    _ diff: StateDiff, maxWidth: Int = 100, maxItems: Int? = nil, wrapsStrings: Bool = false
  ) -> (lines: [DiffLine], shortened: [ShortenedValues]) {
    guard let root = diff.root else { return ([], []) }
    var lines: [DiffLine] = []
    // Room for a small change's lines at once, rather than growing the array line by line.
    lines.reserveCapacity(32)
    var renderer = Renderer(maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
    renderer.appendLines(of: root, prefix: "", indent: 0, to: &lines)
    return (lines, renderer.shortened)
  }

  /// The text of `sections` one after the other, as `text` prints one diff.
  package static func text(
    of sections: [DiffSection], labels: Labels? = nil, maxWidth: Int = 100,
    maxItems: Int? = nil, wrapsStrings: Bool = false
  ) -> String {
    sectionLines(sections, maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
      .lines.renderedText(header: labels.map(header))
  }

  /// The text of `sections` as `text(of:)` prints it, and whether its brief form shortened a
  /// value or left one out: when not, nothing has long collections
  /// (`StateDiff.hasLongCollections(moreThan:)`), with no second walk of the diffs to say so.
  package static func textNotingShortening(
    of sections: [DiffSection], maxWidth: Int = 100, maxItems: Int?, wrapsStrings: Bool = false
  ) -> (text: String, isShortened: Bool) {
    let (lines, isShortened) = sectionLines(
      sections, maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
    return (lines.renderedText(), isShortened)
  }

  /// The lines of `sections` one after the other (a single section's as they are, uncopied),
  /// and whether the brief form shortened any.
  private static func sectionLines(
    _ sections: [DiffSection], maxWidth: Int, maxItems: Int?, wrapsStrings: Bool
  ) -> (lines: [DiffLine], isShortened: Bool) {
    var lines: [DiffLine] = []
    var isShortened = false
    for section in sections {
      let (sectionLines, shortened) = section.valueLines(
        maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
      if !shortened.isEmpty { isShortened = true }
      if lines.isEmpty { lines = sectionLines } else { lines += sectionLines }
    }
    return (lines, isShortened)
  }

  /// The line naming the two sides: `(Expected: −, Actual: +)`.
  public static func header(_ labels: Labels) -> String {
    "(\(labels.old): −, \(labels.new): +)"
  }
}

/// Values the brief form of a diff printed shortened, or left out behind a `… (N more)` line:
/// the lines that stand for them and what they are in full.
struct ShortenedValues {
  /// The lines standing for the values.
  var lines: Range<Int>
  var marker: DiffLine.Marker
  var indent: Int
  /// Each value with the prefix it prints after (`label: `, `key: ` or nothing).
  var values: [(prefix: String, tree: DumpTree)]
}

/// Turns a diff tree into lines.
private struct Renderer {
  let maxWidth: Int
  let maxItems: Int?
  let wrapsStrings: Bool
  /// How many runs of unchanged entries were printed so far.
  private var unchangedRuns = 0
  /// What the brief form shortened, in line order.
  private(set) var shortened: [ShortenedValues] = []

  init(maxWidth: Int, maxItems: Int?, wrapsStrings: Bool) {
    self.maxWidth = maxWidth
    self.maxItems = maxItems
    self.wrapsStrings = wrapsStrings
  }

  /// In the brief form, how deep inside a printed value groups go on one shortened line.
  private var oneLineDepth: Int? { maxItems == nil ? nil : 2 }

  mutating func appendLines(
    of node: DiffNode, prefix: String, indent: Int, to lines: inout [DiffLine]
  ) {
    switch node {
    case .replaced(let old, let new):
      if let oldText = oneLineText(old), let newText = oneLineText(new) {
        // A scalar field's change, the commonest line pair: no layout to work out.
        lines.append(DiffLine(marker: .removed, indent: indent, head: prefix, text: oldText))
        lines.append(DiffLine(marker: .inserted, indent: indent, head: prefix, text: newText))
        return
      }
      appendValue(old, marker: .removed, prefix: prefix, indent: indent, to: &lines)
      appendValue(new, marker: .inserted, prefix: prefix, indent: indent, to: &lines)
    case .group(let open, let close, _, let entries):
      lines.append(DiffLine(marker: .context, indent: indent, head: prefix, text: open))
      var run: (marker: DiffLine.Marker, shown: Int, hidden: [(prefix: String, tree: DumpTree)])?
      func endRun() {
        if let current = run, !current.hidden.isEmpty {
          shortened.append(
            ShortenedValues(
              lines: lines.count..<(lines.count + 1), marker: current.marker, indent: indent + 2,
              values: current.hidden))
          lines.append(
            DiffLine(
              marker: current.marker, indent: indent + 2, text: "… (\(current.hidden.count) more)"))
        }
        run = nil
      }
      for entry in entries {
        switch entry.content {
        case .unchanged(let count):
          endRun()
          lines.append(DiffLine(indent: indent + 2, unchangedCount: count, run: unchangedRuns))
          unchangedRuns += 1
        case .changed(let child):
          endRun()
          appendLines(of: child, prefix: entry.prefix, indent: indent + 2, to: &lines)
        case .identity(let tree):
          endRun()
          lines.append(
            DiffLine(marker: .context, indent: indent + 2, head: entry.prefix, text: tree.flatText))
        case .inserted(let tree), .removed(let tree):
          let marker: DiffLine.Marker =
            if case .inserted = entry.content { .inserted } else { .removed }
          if run?.marker != marker { endRun() }
          var current = run ?? (marker, 0, [])
          if let maxItems, current.shown >= maxItems {
            current.hidden.append((entry.prefix, tree))
          } else {
            current.shown += 1
            appendValue(
              tree, marker: marker, prefix: entry.prefix, indent: indent + 2,
              isElement: open.hasSuffix("["), to: &lines)
          }
          run = current
        }
      }
      endRun()
      lines.append(DiffLine(marker: .context, indent: indent, text: close))
    }
  }

  /// The text a value prints as on its one line after any prefix, when it is plain text the
  /// layout would print whole: anything but a string literal that may wrap.
  private func oneLineText(_ tree: DumpTree) -> String? {
    guard case .text(let text) = tree.root, !(wrapsStrings && text.hasPrefix("\"")) else {
      return nil
    }
    return text
  }

  private mutating func appendValue(
    _ tree: DumpTree, marker: DiffLine.Marker, prefix: String, indent: Int,
    isElement: Bool = false, to lines: inout [DiffLine]
  ) {
    let start = lines.count
    let layout = DumpLayout(
      tree: tree.eliding(maxItems: maxItems), maxWidth: maxWidth,
      oneLineDepth: isElement ? oneLineDepth.map { _ in 0 } : oneLineDepth,
      wrapsStrings: wrapsStrings)
    let (dumpLines, wasShortened) = layout.linesNotingShortening(indent: indent, prefix: prefix)
    for dumpLine in dumpLines {
      lines.append(DiffLine(marker: marker, indent: dumpLine.indent, text: dumpLine.text))
    }
    if let maxItems, wasShortened || tree.root.hasLongCollections(moreThan: maxItems) {
      shortened.append(
        ShortenedValues(
          lines: start..<lines.count, marker: marker, indent: indent,
          values: [(prefix, tree)]))
    }
  }
}
