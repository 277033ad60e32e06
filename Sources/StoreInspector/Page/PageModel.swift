#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch

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

  /// Entries worked out as a session recorded them (see `PageRecording`), by number, on no
  /// branch yet.
  var recorded: [Int: PageEntry] = [:]

  /// A page of the initial moment alone, which entries join as they are recorded.
  init<Moment, Action>(initial: Moment, page: SessionPage<Moment, Action>) {
    currentEntry = 0
    currentBranch = 0
    let initialValues = page.roots(initial)
    rootTitles = initialValues.map(\.title)
    let initialEnvironment = page.environment(initial, initial)
    initialRoots = initialValues.map { root in
      Optional(table.store(Self.dump(root.value, environment: initialEnvironment, side: .new)))
    }
  }

  /// The page of `history`. Entries `recorded` from the same moments are taken as they are;
  /// the others have their diffs worked out here.
  init<Moment, Action>(
    history: History<Moment, Action>, page: SessionPage<Moment, Action>,
    recorded: PageModel? = nil
  ) {
    self = recorded ?? PageModel(initial: history.initialMoment, page: page)
    currentEntry = history.currentEntry.number
    currentBranch = history.branches.first(where: \.isCurrent)?.number ?? 0
    var byNumber = self.recorded
    self.recorded = [:]
    let historyBranches = history.branches
    for branch in historyBranches {
      var copy = history
      if !branch.isCurrent { try? copy.switchBranch(to: branch.number) }
      var numbers = copy.currentBranch.map(\.number)
      if numbers.allSatisfy({ byNumber[$0] != nil }) {
        // Every entry of the branch was recorded: no moment is needed, so none is rebuilt.
        for number in numbers { byNumber[number]?.branches.append(branch.number) }
        branches.append(PageBranch(branch, entries: numbers, page: page))
        continue
      }
      numbers.removeAll(keepingCapacity: true)
      var previousRoots = initialRoots
      var pending: [(entry: HistoryEntry<Action>, before: Moment, after: Moment)] = []
      copy.replayCurrentBranch { entry, before, after in
        let number = entry.id.number
        numbers.append(number)
        if let known = byNumber[number] {
          addEntries(pending, previousRoots: &previousRoots, to: &byNumber, page: page, branch: branch.number)
          pending.removeAll(keepingCapacity: true)
          byNumber[number]?.branches.append(branch.number)
          previousRoots = known.roots
          return
        }
        pending.append((entry, before, after))
        if pending.count == Self.chunk {
          addEntries(pending, previousRoots: &previousRoots, to: &byNumber, page: page, branch: branch.number)
          pending.removeAll(keepingCapacity: true)
        }
      }
      addEntries(pending, previousRoots: &previousRoots, to: &byNumber, page: page, branch: branch.number)
      branches.append(PageBranch(branch, entries: numbers, page: page))
    }
    entries = byNumber.values.filter { !$0.branches.isEmpty }.sorted { $0.number < $1.number }
  }

  /// Adds `entry`, whose diff was worked out as it was recorded, when the moment before it is
  /// known here (its parent's, or the initial one); `actionText`, when given, is
  /// `page.actionText` of its action. The diff's lines are `rendered`'s when it was rendered
  /// as the page renders diffs, else rendered here from `sections`.
  mutating func record<Moment, Action>(
    _ entry: HistoryEntry<Action>, before: Moment, after: Moment, sections: [DiffSection],
    rendered: RenderedDiff? = nil, actionText: String? = nil, page: SessionPage<Moment, Action>
  ) {
    let parent = entry.parent.number
    guard let previousRoots = parent == 0 ? initialRoots : recorded[parent]?.roots else { return }
    let lines =
      rendered.flatMap { $0.maxItems == page.briefItems ? $0.sections : nil }
      ?? RenderedDiff(sections: sections, maxItems: page.briefItems).sections
    var made = makeEntry(
      entry, before: before, after: after, sections: lines, previousRoots: previousRoots,
      actionText: actionText, page: page, branch: 0)
    made.branches = []
    recorded[made.number] = made
  }

  /// How many entries have their diffs worked out together, on every core.
  private static var chunk: Int { 256 }

  /// Adds consecutive entries of a branch: their diffs in parallel (each is a pure function of
  /// two moments), then, in order, the moments after them and their lines.
  private mutating func addEntries<Moment, Action>(
    _ pending: [(entry: HistoryEntry<Action>, before: Moment, after: Moment)],
    previousRoots: inout [Int?], to byNumber: inout [Int: PageEntry],
    page: SessionPage<Moment, Action>, branch: Int
  ) {
    guard !pending.isEmpty else { return }
    var sections = Array(repeating: [RenderedSection](), count: pending.count)
    let lanes = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    sections.withUnsafeMutableBufferPointer { results in
      let work = ParallelDiffs(
        moments: pending.map { ($0.before, $0.after) }, diff: page.diff,
        briefItems: page.briefItems, results: results)
      DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        for index in stride(from: lane, to: work.moments.count, by: lanes) {
          let moments = work.moments[index]
          work.results[index] =
            RenderedDiff(
              sections: work.diff(moments.before, moments.after), maxItems: work.briefItems
            ).sections
        }
      }
    }
    for (index, item) in pending.enumerated() {
      let made = makeEntry(
        item.entry, before: item.before, after: item.after, sections: sections[index],
        previousRoots: previousRoots, page: page, branch: branch)
      byNumber[made.number] = made
      previousRoots = made.roots
    }
  }

  private mutating func makeEntry<Moment, Action>(
    _ entry: HistoryEntry<Action>, before: Moment, after: Moment, sections: [RenderedSection],
    previousRoots: [Int?], actionText: String? = nil, page: SessionPage<Moment, Action>,
    branch: Int
  ) -> PageEntry {
    // The diff the REPL prints reads shared values as they are after on both sides. So where no
    // shared value changed it is also the change of the state as it reads at each moment, and
    // each shared value's section is that value's change: only a shared change costs the state
    // a second diff, one that reads each side's shared values.
    var changes: [Int: DiffNode] = [:]
    for section in sections.map(\.section) {
      if let root = section.diff.root { changes[rootIndex(section.title ?? rootTitles[0])] = root }
    }
    // A root the moment before the entry had is the previous entry's node (that moment too).
    let sharedChanged = sections.contains { $0.section.title != nil }
    var roots: [Int?] = Array(repeating: nil, count: rootTitles.count)
    for root in page.roots(after) {
      let index = rootIndex(root.title)
      while index >= roots.count { roots.append(nil) }
      guard index < previousRoots.count, let previous = previousRoots[index] else {
        let environment = page.environment(after, after)
        roots[index] = table.store(Self.dump(root.value, environment: environment, side: .new))
        continue
      }
      var change = changes[index]
      if index == 0, sharedChanged, let old = page.roots(before).first {
        var engine = DiffEngine()
        engine.environment = page.environment(before, after)
        change = engine.diff(old.value, root.value)
      }
      roots[index] = change.map { table.applying($0, to: previous) } ?? previous
    }
    var lines: [PageLine] = []
    var shortened: [PageValues] = []
    var paths: [String] = []
    var changeCount = 0
    for rendered in sections {
      let section = rendered.section
      let index = rootIndex(section.title ?? rootTitles.first ?? "")
      var runs: [(node: Int, offsets: [Int])] = []
      if let root = section.diff.root, index < roots.count, let node = roots[index] {
        runs = table.unchangedRuns(of: root, in: node)
      }
      for values in rendered.rendered.shortened {
        shortened.append(
          PageValues(
            lines: (values.lines.lowerBound + lines.count)..<(values.lines.upperBound + lines.count),
            marker: values.marker, indent: values.indent,
            values: values.values.map { ($0.prefix, table.store($0.tree, keepsDerived: true)) }))
      }
      for line in rendered.rendered.lines {
        let fold = line.unchangedRun.flatMap { $0 < runs.count ? runs[$0] : nil }
        lines.append(PageLine(line: line, fold: fold))
      }
      let changed = section.diff.changedPaths
      changeCount += changed.count
      paths += changed.map { path in
        [section.title, path].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
      }
    }
    table.forgetRecentTrees()
    return PageEntry(
      number: entry.id.number, parent: entry.parent.number, origin: entry.origin,
      originText: page.originText(entry.origin),
      action: actionText ?? page.actionText(entry.action),
      isSkipped: entry.isSkipped, lines: lines, shortened: shortened, changeCount: changeCount, changedPaths: paths,
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

extension PageBranch {
  /// The page's branch of a history's `branch`, whose entries are `entries`.
  init<Moment, Action>(
    _ branch: HistoryBranch<Action>, entries: [Int], page: SessionPage<Moment, Action>
  ) {
    self.init(
      number: branch.number, head: branch.head.number, length: branch.length,
      isCurrent: branch.isCurrent,
      divergence: branch.divergence.map { ($0.id.number, page.actionText($0.action)) },
      entries: entries)
  }
}

/// The diffs of a chunk of entries, worked out on several threads: each lane reads moments and
/// writes its own slots of `results`, and `diff` only reads its two moments (see
/// `SessionPage.diff`), so nothing is shared that is written.
private struct ParallelDiffs<Moment>: @unchecked Sendable {
  let moments: [(before: Moment, after: Moment)]
  let diff: (Moment, Moment) -> [DiffSection]
  let briefItems: Int?
  let results: UnsafeMutableBufferPointer<[RenderedSection]>
}
