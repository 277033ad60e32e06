#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One recorded action of a `History`, as a log prints it.
public struct HistoryEntry<Action> {
  /// The entry's number.
  public var id: EntryID
  /// The entry this one was recorded after; `.initial` for a first entry.
  public var parent: EntryID
  /// The recorded action.
  public var action: Action
  /// Whether the user sent the action or an effect did.
  public var origin: EntryOrigin
  /// When the action was processed, as the recorder's clock said; nil when it gave none.
  public var date: Date?
  /// Whether the entry is skipped: later moments are computed as if it had not happened.
  public var isSkipped: Bool
  /// The values the entry's reduction took from outside (new UUIDs, dates) when it was recorded.
  public var recorded: [RecordedValue] = []
  /// The values its latest recomputation used, when they differ from `recorded`.
  public var replayed: [RecordedValue]? = nil

  /// Whether recomputing the entry needed values beyond those recorded: its inputs changed (an
  /// entry before it was skipped, say), so its moment differs from the one first recorded.
  public var isDrifted: Bool {
    guard let replayed else { return false }
    return replayed.contains { !recorded.contains($0) }
  }
}

extension HistoryEntry: Sendable where Action: Sendable {}
extension HistoryEntry: Equatable where Action: Equatable {}
