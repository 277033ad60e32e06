/// One entry of a history as a page shows it, worked out once from the entry's moments.
struct PageEntry {
  var number: Int
  var parent: Int
  var origin: EntryOrigin
  /// How the origin reads (`sent`, `received from #1`).
  var originText: String
  var action: String
  var isSkipped: Bool
  /// The diff's lines in the brief form transcripts print.
  var lines: [PageLine]
  /// What the brief form shortened: the lines standing for values, and the values' nodes, so
  /// that the page can show the diff in full, as `diff N` prints it.
  var shortened: [PageValues]
  /// How many changes the diff has.
  var changeCount: Int
  /// Where those changes are, e.g. `items.starred`.
  var changedPaths: [String]
  /// The moment after the entry: a node per root title (nil where the root is absent).
  var roots: [Int?]
  /// The branches (by number) the entry is on.
  var branches: [Int]
}

extension EntryOrigin {
  /// The origin's kind as a page's class names and filters spell it.
  var pageKind: String {
    switch self {
    case .sent: "sent"
    case .received: "received"
    case .external: "external"
    }
  }
}

/// A line of an entry's diff; a `… (N unchanged)` line knows the items it stands for.
struct PageLine {
  var line: DiffLine
  /// The group node (in the moment after the entry) and the offsets of the unchanged items.
  var fold: (node: Int, offsets: [Int])?
}

/// Values a brief diff shortened: the lines standing for them and the values in full.
struct PageValues {
  var lines: Range<Int>
  var marker: DiffLine.Marker
  var indent: Int
  var values: [(prefix: String, node: Int)]
}
