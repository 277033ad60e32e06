/// What a page shows of a history, worked out once: every entry of every branch, with its diff
/// lines and the moment after it in a shared `ValueTable`.
struct PageModel {
  var table = ValueTable()
  /// The root titles, in the order moments list them (the state first).
  var rootTitles: [String] = []
  /// The initial moment: a node per root title.
  var initialRoots: [Int?] = []
  /// Entries by number, in number order.
  var entries: [PageEntry] = []
  /// The branches, oldest first, each with its entries in order.
  var branches: [PageBranch] = []
  var currentEntry: Int
  var currentBranch: Int

  init<Moment, Action>(history: History<Moment, Action>, page: SessionPage<Moment, Action>) {
    currentEntry = history.currentEntry.number
    currentBranch = history.branches.first(where: \.isCurrent)?.number ?? 0
    let initial = history.initialMoment
    let initialValues = page.roots(initial)
    rootTitles = initialValues.map(\.title)
    let initialEnvironment = page.environment(initial, initial)
    initialRoots = initialValues.map { root in
      Optional(table.store(Self.dump(root.value, environment: initialEnvironment, side: .new)))
    }
    var byNumber: [Int: PageEntry] = [:]
    let historyBranches = history.branches
    for branch in historyBranches {
      var copy = history
      if !branch.isCurrent { try? copy.switchBranch(to: branch.number) }
      var numbers: [Int] = []
      var previousRoots = initialRoots
      copy.replayCurrentBranch { entry, before, after in
        let number = entry.id.number
        numbers.append(number)
        if byNumber[number] != nil {
          byNumber[number]?.branches.append(branch.number)
        } else {
          byNumber[number] = makeEntry(
            entry, before: before, after: after, previousRoots: previousRoots, page: page,
            branch: branch.number)
        }
        previousRoots = byNumber[number]?.roots ?? previousRoots
      }
      branches.append(
        PageBranch(
          number: branch.number, head: branch.head.number, length: branch.length,
          isCurrent: branch.isCurrent,
          divergence: branch.divergence.map { ($0.id.number, page.actionText($0.action)) },
          entries: numbers))
    }
    entries = byNumber.values.sorted { $0.number < $1.number }
  }

  private mutating func makeEntry<Moment, Action>(
    _ entry: HistoryEntry<Action>, before: Moment, after: Moment, previousRoots: [Int?],
    page: SessionPage<Moment, Action>, branch: Int
  ) -> PageEntry {
    let environment = page.environment(before, after)
    let beforeValues = page.roots(before)
    var roots: [Int?] = Array(repeating: nil, count: rootTitles.count)
    for root in page.roots(after) {
      let index = rootIndex(root.title)
      if index >= roots.count { roots.append(nil) }
      let previous = index < previousRoots.count ? previousRoots[index] : nil
      if let previous, let old = beforeValues.first(where: { $0.title == root.title }) {
        var engine = DiffEngine()
        engine.environment = environment
        roots[index] = engine.diff(old.value, root.value).map { table.applying($0, to: previous) }
          ?? previous
      } else {
        roots[index] = table.store(Self.dump(root.value, environment: environment, side: .new))
      }
    }
    var lines: [PageLine] = []
    var paths: [String] = []
    var changeCount = 0
    for section in page.diff(before, after) {
      let index = rootIndex(section.title ?? rootTitles.first ?? "")
      var runs: [(node: Int, offsets: [Int])] = []
      if let root = section.diff.root, index < roots.count, let node = roots[index] {
        runs = table.unchangedRuns(of: root, in: node)
      }
      for line in section.lines() {
        let fold = line.unchangedRun.flatMap { $0 < runs.count ? runs[$0] : nil }
        lines.append(PageLine(line: line, fold: fold))
      }
      changeCount += section.diff.changes.count
      paths += section.diff.changes.map { change in
        [section.title, change.pathDescription].compactMap { $0 }.filter { !$0.isEmpty }
          .joined(separator: " ")
      }
    }
    return PageEntry(
      number: entry.id.number, parent: entry.parent.number, origin: entry.origin,
      originText: page.originText(entry.origin), action: page.actionText(entry.action),
      isSkipped: entry.isSkipped, lines: lines, changeCount: changeCount, changedPaths: paths,
      roots: roots, branches: [branch])
  }

  /// The index of a root title, adding titles first seen after the initial moment.
  private mutating func rootIndex(_ title: String) -> Int {
    if let index = rootTitles.firstIndex(of: title) { return index }
    rootTitles.append(title)
    initialRoots.append(nil)
    return rootTitles.count - 1
  }

  private static func dump(
    _ value: Any, environment: (any DiffEnvironment)?, side: DiffSide
  ) -> DumpTree {
    guard let environment else { return Dumper.tree(of: value) }
    return environment.reading(side) { Dumper.tree(of: value) }
  }
}

/// A branch as a page lists it.
struct PageBranch {
  var number: Int
  var head: Int
  var length: Int
  var isCurrent: Bool
  /// The branch's first own entry and its action; nil while history has one branch.
  var divergence: (number: Int, action: String)?
  /// The entries from the first to the head.
  var entries: [Int]
}
