#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry as `History` reads it: its action, its links and the values its reduction took
/// from outside.
struct HistoryNode<Action> {
  var action: Action
  var links: EntryLinks
  /// The values the reduction took from outside when the entry was recorded.
  var recorded: [RecordedValue]
  /// The values the latest recomputation used, when they differ from `recorded`.
  var replayed: [RecordedValue]?

  var origin: EntryOrigin { links.origin }
  var date: Date? { links.date }
  var isSkipped: Bool { links.isSkipped }
  var parent: Int { links.parent }
  var depth: Int { links.depth }
  var groupDepth: Int { links.groupDepth }
  var children: ChildLinks { links.children }
  var nextSibling: Int { links.nextSibling }

  /// The values to hand a reduction that recomputes the moment the entry now has.
  var currentValues: [RecordedValue] { replayed ?? recorded }
}

extension HistoryNode: Sendable where Action: Sendable {}
