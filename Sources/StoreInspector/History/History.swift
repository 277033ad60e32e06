#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every action of a session and the moment after it, kept as a tree of branches with a cursor
/// for time travel.
///
/// A *moment* is whatever the recorder calls "the state at a point" (an app state plus a snapshot
/// of shared values, say); History never looks inside one. It recomputes moments with `reduce`,
/// the pure state change of an action: effects are never run, and actions received from effects
/// are replayed as they were recorded.
///
/// ```swift
/// var history = History(initial: Counter()) { counter, action in counter.apply(action) }
/// history.record(.incrementTapped, moment: Counter(count: 1))   // entry 1
/// history.record(.incrementTapped, moment: Counter(count: 2))   // entry 2
/// try history.back()                                            // cursor at 1
/// history.record(.resetTapped, moment: Counter(count: 0))       // entry 3, a new branch
/// history.branches.map(\.head)                                  // [2, 3]
/// ```
///
/// **Memory.** Each entry costs its action (the action type's size, plus whatever the action
/// itself allocates), one 80-byte record of its origin, date, flags and tree links, and, on the
/// current branch, two integers; the values its reduction took from outside are kept only for
/// entries that took some. Moments are stored only as *keyframes*: the initial moment, every
/// `keyframeInterval`-th entry along each path, every branch point, every branch head (the
/// moment the recorder gave, which is authoritative) and the moment before the latest entry. Any other moment is rebuilt from the
/// nearest keyframe before it, so reading one costs fewer than `keyframeInterval` reductions:
/// 100,000 entries with the default interval keep about 3,127 moments, not 100,000.
public struct History<Moment, Action> {
  /// Applies the pure state change of an action to a moment, running no effect. `values` are the
  /// outside values to reuse (those the entry recorded first), in order; it returns the values
  /// the reduction actually used, in the order it used them.
  public typealias Reduce =
    @Sendable (_ moment: inout Moment, _ action: Action, _ values: [RecordedValue]) ->
    [RecordedValue]

  /// The moment before the first entry (entry 0); entries folded by `limit` are part of it.
  public internal(set) var initialMoment: Moment
  /// How many entries apart moments are stored along a path (at least 1, at most `Int32.max`).
  public let keyframeInterval: Int
  /// The most entries to keep, or nil for no limit; beyond it, the oldest entries of the current
  /// branch are folded into the initial moment (and branches that left before them are dropped).
  /// Folding never passes the cursor.
  public var limit: Int? {
    didSet { foldToLimit() }
  }
  /// How many entries history holds, on every branch.
  public internal(set) var count: Int {
    get { entryCount }
    set { entryCount = newValue }
  }
  /// Where this history's moments come from (see `HistoryLineage`): what was worked out from
  /// its entries holds while this stays the same.
  public internal(set) var lineage = HistoryLineage.next()

  @usableFromInline let reduce: Reduce
  /// Entry records by number: `links[number - firstStoredNumber]`; not live for folded entries
  /// and for entries left out of an import.
  @usableFromInline var links: [EntryLinks] = []
  /// Entry actions by slot, as `links`; nil where the record is not live.
  @usableFromInline var actions: [Action?] = []
  /// The values entries' reductions took from outside when recorded, by entry number; only
  /// entries that took some are listed.
  @usableFromInline var recordedValues: [Int: [RecordedValue]] = [:]
  /// The values entries' latest recomputations used, by entry number, where they differ from
  /// the recorded ones.
  @usableFromInline var replayedValues: [Int: [RecordedValue]] = [:]
  @usableFromInline var firstStoredNumber = 1
  /// `count`'s storage, which the recording code inlined into callers updates.
  @usableFromInline var entryCount = 0
  /// Every slot before this one is nil.
  var firstLiveSlot = 0
  @usableFromInline var nextNumber = 1
  /// The children of the initial moment.
  @usableFromInline var rootChildren = ChildLinks()
  /// The depth of the initial moment: how many entries have been folded into it.
  @usableFromInline var rootDepth = 0
  /// Stored moments by entry number (see the type's memory notes).
  @usableFromInline var keyframes: [Int: Moment] = [:]
  /// The parent of the latest entry recorded, when its moment is stored only for that entry.
  @usableFromInline var keptParent: Int?
  /// The current branch from the initial moment (0) to its head.
  @usableFromInline var path: [Int] = [0]
  /// `groupFloor[i]`: the smallest `groupDepth` of the entries at `path[i...]`; it tells whether
  /// an effect started at or before `path[i - 1]` still delivers actions later on.
  @usableFromInline var groupFloor: [Int] = [0]
  /// Where the cursor is on `path`.
  @usableFromInline var cursorIndex = 0
  /// Entries an import left out because their actions no longer decode.
  var leftOut: Set<Int> = []

  /// A history that starts at `initial`, storing a moment every `keyframeInterval` entries and
  /// keeping at most `limit` entries (nil: all of them).
  public init(
    initial: Moment, keyframeInterval: Int = 32, limit: Int? = nil,
    reduce: @escaping Reduce
  ) {
    self.initialMoment = initial
    self.keyframeInterval = min(max(keyframeInterval, 1), Int(Int32.max))
    self.limit = limit
    self.reduce = reduce
  }

  /// A history whose reductions take nothing from outside their state and action.
  public init(
    initial: Moment, keyframeInterval: Int = 32, limit: Int? = nil,
    reduce: @escaping @Sendable (inout Moment, Action) -> Void
  ) {
    self.init(initial: initial, keyframeInterval: keyframeInterval, limit: limit) {
      moment, action, _ in
      reduce(&moment, action)
      return []
    }
  }

  // MARK: Reading

  /// The entry the cursor is at; `.initial` before any entry.
  public var currentEntry: EntryID { EntryID(path[cursorIndex]) }

  /// How many entries the history limit folded into the initial moment (they are no longer
  /// entries: their changes are part of where history starts).
  public var foldedCount: Int { rootDepth }

  /// The last entry of the current branch.
  public var head: EntryID { EntryID(path[path.count - 1]) }

  /// The moment at the cursor.
  public var currentMoment: Moment { computeMoment(path[cursorIndex]) }

  /// The entries of the current branch, from the first to the head (entry 0 not included).
  public var currentBranch: [EntryID] { path.dropFirst().map { EntryID($0) } }

  /// The entries of the current branch, from the first to the head, for printing a log.
  public var log: [HistoryEntry<Action>] { path.dropFirst().map(entry(number:)) }

  /// Every entry on every branch, by number.
  public var allEntries: [HistoryEntry<Action>] {
    (firstLiveSlot..<links.count).compactMap { slot in
      links[slot].isLive ? entry(number: slot + firstStoredNumber) : nil
    }
  }

  /// Whether entry `id` (or 0) is on the current branch.
  public func isOnCurrentBranch(_ id: EntryID) -> Bool {
    pathIndex(ofPossibleEntry: id.number) != nil
  }

  /// How many moments history stores, the initial moment included.
  public var storedMomentCount: Int { keyframes.count + 1 }

  /// The entry numbered `id`.
  public func entry(_ id: EntryID) throws(HistoryError) -> HistoryEntry<Action> {
    let number = try validNumber(id)
    guard number != 0 else { throw .noSuchEntry(id, last: EntryID(nextNumber - 1)) }
    return entry(number: number)
  }

  /// The moment after entry `id` (the initial moment for 0), rebuilt from the nearest stored
  /// moment before it.
  public func moment(at id: EntryID) throws(HistoryError) -> Moment {
    computeMoment(try validNumber(id))
  }

  /// The moments before and after entry `id`, for diffing what its action changed; both are the
  /// initial moment for 0.
  public func moments(around id: EntryID) throws(HistoryError) -> (before: Moment, after: Moment) {
    let number = try validNumber(id)
    guard number != 0 else { return (initialMoment, initialMoment) }
    return (computeMoment(links(number).parent), computeMoment(number))
  }

  /// Calls `body` with every entry of the current branch, from the first to the head, and the
  /// moments before and after it; one reduction per entry.
  public func replayCurrentBranch(
    _ body: (_ entry: HistoryEntry<Action>, _ before: Moment, _ after: Moment) throws -> Void
  ) rethrows {
    try replay(path.dropFirst(), from: initialMoment) { number, before, after in
      try body(entry(number: number), before, after)
      return true
    }
  }

  /// Calls `body` with every entry of the current branch after `start` up to `end` and the
  /// moments before and after it, until `body` returns false; stored moments are used as they
  /// are, one reduction per other entry. Nothing when `end` is not after `start` on the current
  /// branch.
  public func walkCurrentBranch(
    after start: EntryID, through end: EntryID,
    _ body: (_ entry: HistoryEntry<Action>, _ before: Moment, _ after: Moment) throws -> Bool
  ) rethrows {
    guard let first = pathIndex(ofPossibleEntry: start.number),
      let last = pathIndex(ofPossibleEntry: end.number), first < last
    else { return }
    let passed = path[(first + 1)...last]
    try replay(passed, from: computeMoment(path[first])) { number, before, after in
      try body(entry(number: number), before, after)
    }
  }

  /// Calls `body` with each of `numbers` (a line of descent, each the parent of the next, the
  /// first a child of the entry whose moment is `moment`) and the moments around it, until it
  /// returns false.
  func replay(
    _ numbers: some Sequence<Int>, from moment: Moment,
    _ body: (_ number: Int, _ before: Moment, _ after: Moment) throws -> Bool
  ) rethrows {
    var moment = moment
    for number in numbers {
      let before = moment
      if let keyframe = keyframes[number] {
        moment = keyframe
      } else if !links(number).isSkipped {
        _ = reduce(&moment, action(number), currentValues(number))
      }
      guard try body(number, before, moment) else { return }
    }
  }

  // MARK: Recording

  /// Records `action`, which the live store just processed, and `moment`, the moment after it;
  /// returns the new entry's number.
  ///
  /// The entry follows the cursor. Recording while the cursor is in the past starts a new branch
  /// there; the future that was ahead stays recorded as another branch.
  ///
  /// `recorded` are the values the reduction took from outside (new UUIDs, dates), in the order
  /// it took them: recomputing the entry hands them back.
  ///
  /// Inlinable, as `appendEntry` and what they read: a REPL records every action, and compiled
  /// here, generic over `Moment` and `Action`, each store into `keyframes` and `actions` looks
  /// the metadata of their types up in the runtime's caches; specialized in the module that
  /// names the moment and the action, it does not.
  @inlinable
  @discardableResult
  public mutating func record(
    _ action: Action, origin: EntryOrigin = .sent, date: Date? = nil, moment: consuming Moment,
    recorded: [RecordedValue] = []
  ) -> EntryID {
    let parent = path[cursorIndex]
    if parent != 0, self[children: parent].count == 1, keyframes[parent] == nil {
      keyframes[parent] = computeMoment(parent)  // about to become a branch point
    }
    let number = nextNumber
    appendEntry(
      number: number, action: action, origin: origin, date: date, isSkipped: false,
      recorded: recorded)
    keyframes[number] = moment
    // The parent's moment stays stored while the new entry is the latest: reading the moments
    // around it (its trace, its diff) then costs no reduction. The moment kept that way for the
    // entry recorded before is given up unless it is needed.
    if let kept = keptParent, kept != parent, isLive(kept), !needsKeyframe(kept) {
      keyframes[kept] = nil
    }
    keptParent = parent != 0 && !needsKeyframe(parent) ? parent : nil
    foldToLimit()
    return EntryID(number)
  }

  /// Records `action` at the end of the current branch, after its head, leaving the cursor
  /// where it is: a change that happened outside (another process's) while the cursor is in
  /// the past. `moment` makes the new entry's moment from the head's. At the head it is
  /// `record`.
  public mutating func recordAtEnd(
    _ action: Action, origin: EntryOrigin, date: Date? = nil, moment: (Moment) -> Moment
  ) -> EntryID {
    let cursor = path[cursorIndex]
    let headMoment = computeMoment(path[path.count - 1])
    cursorIndex = path.count - 1
    let entry = record(action, origin: origin, date: date, moment: moment(headMoment))
    // Folding may have dropped entries before the cursor, or the cursor's entry itself.
    cursorIndex = path.firstIndex(of: cursor) ?? 0
    return entry
  }

  // MARK: Internals

  @inlinable
  func slot(_ number: Int) -> Int { number - firstStoredNumber }

  /// The record of an entry known to exist.
  func node(_ number: Int) -> HistoryNode<Action> {
    HistoryNode(
      action: action(number), links: links[slot(number)],
      recorded: recordedValues[number] ?? [], replayed: replayedValues[number])
  }

  /// The links of an entry known to exist.
  @inlinable
  func links(_ number: Int) -> EntryLinks { links[slot(number)] }

  /// The action of an entry known to exist.
  func action(_ number: Int) -> Action {
    // Set for every live slot (`appendEntry`).
    actions[slot(number)].unsafelyUnwrapped
  }

  /// The values to hand a reduction that recomputes the moment entry `number` now has.
  func currentValues(_ number: Int) -> [RecordedValue] {
    replayedValues[number] ?? recordedValues[number] ?? []
  }

  /// Forgets the entry in `slot` (folded, or on a dropped branch): its record is no longer live.
  mutating func vacate(_ number: Int) {
    links[slot(number)] = .vacant
    actions[slot(number)] = nil
    recordedValues[number] = nil
    replayedValues[number] = nil
  }

  func entry(number: Int) -> HistoryEntry<Action> {
    let node = node(number)
    return HistoryEntry(
      id: EntryID(number), parent: EntryID(node.parent), action: node.action, origin: node.origin,
      date: node.date, isSkipped: node.isSkipped, recorded: node.recorded,
      replayed: node.replayed)
  }

  /// The children of an entry, or of the initial moment for 0.
  @inlinable
  subscript(children number: Int) -> ChildLinks {
    get { number == 0 ? rootChildren : links[slot(number)].children }
    set {
      if number == 0 { rootChildren = newValue } else { links[slot(number)].children = newValue }
    }
  }

  /// The number of an existing entry (0 for the initial moment), or the error saying why not.
  func validNumber(_ id: EntryID) throws(HistoryError) -> Int {
    let number = id.number
    if number == 0 { return 0 }
    guard number > 0, number < nextNumber else {
      throw .noSuchEntry(id, last: EntryID(nextNumber - 1))
    }
    if leftOut.contains(number) { throw .notImported(id) }
    guard isLive(number) else { throw .foldedEntry(id) }
    return number
  }

  /// Whether entry `number` is stored: neither folded nor left out of an import.
  @inlinable
  func isLive(_ number: Int) -> Bool {
    number >= firstStoredNumber && slot(number) < links.count && links[slot(number)].isLive
  }

  // Hot paths read an entry's links, which hold no reference (`node(_:)` copies the action and
  // looks its values up).
  @inlinable
  func isPeriodic(_ number: Int) -> Bool {
    Int(links[slot(number)].sinceKeyframe) >= keyframeInterval
  }

  /// Whether the moment after `number` is stored: periodic entries, branch points and heads.
  @inlinable
  func needsKeyframe(_ number: Int) -> Bool {
    number != 0 && (isPeriodic(number) || links[slot(number)].children.count != 1)
  }

  /// The moment after entry `number`: the nearest stored moment before it, then the actions
  /// in between (skipped ones left out).
  @usableFromInline
  func computeMoment(_ number: Int) -> Moment {
    var chain: [Int] = []
    var current = number
    var moment: Moment
    while true {
      if current == 0 {
        moment = initialMoment
        break
      }
      if let keyframe = keyframes[current] {
        moment = keyframe
        break
      }
      chain.append(current)
      current = links(current).parent
    }
    for number in chain.reversed() where !links(number).isSkipped {
      _ = reduce(&moment, action(number), currentValues(number))
    }
    return moment
  }

  /// Adds an entry after the cursor (cutting the current branch there) and moves the cursor to
  /// it; stores no moment.
  @inlinable
  mutating func appendEntry(
    number: Int, action: Action, origin: EntryOrigin, date: Date?, isSkipped: Bool,
    recorded: [RecordedValue] = [], replayed: [RecordedValue]? = nil
  ) {
    truncatePath(after: cursorIndex)
    let parent = path[cursorIndex]
    let depth = rootDepth + cursorIndex + 1
    var groupDepth = depth
    if case .received(let source) = origin, source.number > 0,
      let sourceIndex = pathIndex(ofPossibleEntry: source.number)
    {
      groupDepth = sourceIndex == 0 ? depth : links(source.number).groupDepth
    }
    // At most the keyframe interval, which fits 32 bits.
    let sinceKeyframe: Int32 =
      parent == 0 || isPeriodic(parent) ? 1 : links(parent).sinceKeyframe + 1
    while slot(number) > links.count {
      links.append(.vacant)
      actions.append(nil)
    }
    links.append(
      EntryLinks(
        origin: origin, date: date, isSkipped: isSkipped, parent: parent, depth: depth,
        groupDepth: groupDepth, sinceKeyframe: sinceKeyframe))
    actions.append(action)
    if !recorded.isEmpty { recordedValues[number] = recorded }
    if let replayed { replayedValues[number] = replayed }
    var siblings = self[children: parent]
    if siblings.last == 0 {
      siblings.first = number
    } else {
      links[slot(siblings.last)].nextSibling = number
    }
    siblings.last = number
    siblings.count += 1
    self[children: parent] = siblings

    path.append(number)
    groupFloor.append(groupDepth)
    for index in stride(from: path.count - 2, through: 1, by: -1) {
      guard groupFloor[index] > groupDepth else { break }
      groupFloor[index] = groupDepth
    }
    cursorIndex = path.count - 1
    entryCount += 1
    nextNumber = max(nextNumber, number + 1)
  }
}

extension History: Sendable where Moment: Sendable, Action: Sendable {}
