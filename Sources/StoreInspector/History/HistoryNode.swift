#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The children of an entry (or of the initial moment), as a singly linked list in the order
/// they were recorded.
struct ChildLinks {
  /// The oldest child; 0 when there is none (the initial moment is never a child).
  var first = 0
  /// The newest child; 0 when there is none.
  var last = 0
  var count = 0
}

/// What `History` keeps for each entry: a fixed-size record, no moment.
struct HistoryNode<Action> {
  var action: Action
  var origin: EntryOrigin
  var date: Date?
  var isSkipped: Bool
  var parent: Int
  /// Distance from the initial moment, counted from when history began; the current initial
  /// moment sits at `History.rootDepth`.
  var depth: Int
  /// The depth of the sent entry whose effects (transitively) produced this entry; its own depth
  /// for a sent entry.
  var groupDepth: Int
  /// Entries since the last periodic keyframe on the way from the initial moment, this one
  /// included; the entry is a periodic keyframe when it reaches the keyframe interval.
  var sinceKeyframe: Int
  var children = ChildLinks()
  /// The next child of `parent`; 0 for the newest.
  var nextSibling = 0
  /// The values the reduction took from outside when the entry was recorded.
  var recorded: [RecordedValue] = []
  /// The values the latest recomputation used, when they differ from `recorded`.
  var replayed: [RecordedValue]?

  /// The values to hand a reduction that recomputes the moment the entry now has.
  var currentValues: [RecordedValue] { replayed ?? recorded }
}

extension ChildLinks: Sendable {}
extension HistoryNode: Sendable where Action: Sendable {}
