#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The children of an entry (or of the initial moment), as a singly linked list in the order
/// they were recorded.
@usableFromInline
struct ChildLinks {
  /// The oldest child; 0 when there is none (the initial moment is never a child).
  @usableFromInline var first = 0
  /// The newest child; 0 when there is none.
  @usableFromInline var last = 0
  /// How many children: each is an entry held in memory, so 32 bits count them.
  @usableFromInline var count: Int32 = 0
}

/// What `History` keeps for each entry besides its action and the values its reduction took
/// from outside: its place in the tree, its origin, date and flags, in one fixed-size record
/// of 80 bytes that does not depend on the action's type (so recording reads and writes it
/// without the generic machinery, and a long history packs it densely).
///
/// A slot of a folded entry, or of one left out of an import, holds a record that is not live.
@usableFromInline
struct EntryLinks {
  /// The entry this one was recorded after; 0 for the initial moment.
  @usableFromInline var parent: Int
  /// Distance from the initial moment, counted from when history began; the current initial
  /// moment sits at `History.rootDepth`.
  @usableFromInline var depth: Int
  /// The depth of the sent entry whose effects (transitively) produced this entry; its own depth
  /// for a sent entry.
  @usableFromInline var groupDepth: Int
  /// The next child of `parent`; 0 for the newest.
  @usableFromInline var nextSibling = 0
  @usableFromInline var children = ChildLinks()
  /// Entries since the last periodic keyframe on the way from the initial moment, this one
  /// included; the entry is a periodic keyframe when it reaches the keyframe interval (which
  /// `History` keeps within 32 bits).
  @usableFromInline var sinceKeyframe: Int32
  /// The date's seconds since the reference date, when `flags` says there is one.
  private var dateSeconds: Double
  /// The entry a received action came from.
  private var source: Int
  private var flags: Flags

  private struct Flags: OptionSet {
    let rawValue: UInt8
    static let live = Flags(rawValue: 1)
    static let skipped = Flags(rawValue: 2)
    static let dated = Flags(rawValue: 4)
    static let received = Flags(rawValue: 8)
    static let external = Flags(rawValue: 16)
  }

  @usableFromInline
  init(
    origin: EntryOrigin, date: Date?, isSkipped: Bool, parent: Int, depth: Int, groupDepth: Int,
    sinceKeyframe: Int32
  ) {
    self.parent = parent
    self.depth = depth
    self.groupDepth = groupDepth
    self.sinceKeyframe = sinceKeyframe
    var flags = Flags.live
    if isSkipped { flags.insert(.skipped) }
    if date != nil { flags.insert(.dated) }
    dateSeconds = date?.timeIntervalSinceReferenceDate ?? 0
    switch origin {
    case .sent: source = 0
    case .received(let entry):
      source = entry.number
      flags.insert(.received)
    case .external:
      source = 0
      flags.insert(.external)
    }
    self.flags = flags
  }

  private init() {
    parent = 0
    depth = 0
    groupDepth = 0
    sinceKeyframe = 0
    dateSeconds = 0
    source = 0
    flags = []
  }

  /// The record of a slot that holds no entry.
  @usableFromInline static let vacant = EntryLinks()

  /// Whether the slot holds an entry (not a folded one, nor one left out of an import).
  @usableFromInline var isLive: Bool { flags.contains(.live) }

  /// Whether the entry is skipped: later moments are computed as if it had not happened.
  var isSkipped: Bool {
    get { flags.contains(.skipped) }
    set {
      if newValue { flags.insert(.skipped) } else { flags.remove(.skipped) }
    }
  }

  /// Whether the user sent the action or an effect did, or the change came from outside.
  var origin: EntryOrigin {
    if flags.contains(.received) { return .received(from: EntryID(source)) }
    return flags.contains(.external) ? .external : .sent
  }

  /// When the action was processed, as the recorder's clock said; nil when it gave none.
  var date: Date? {
    flags.contains(.dated) ? Date(timeIntervalSinceReferenceDate: dateSeconds) : nil
  }
}

extension ChildLinks: Sendable {}
extension EntryLinks: Sendable {}
