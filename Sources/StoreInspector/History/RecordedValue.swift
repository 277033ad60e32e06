#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value an entry's reduction took from outside its state and action — a new UUID, the
/// date, a pushed screen's id — recorded with the entry so that recomputing the entry gives the same moment.
///
/// Elm's debugger replays exactly because everything impure is recorded; these are the impure
/// inputs of a reduction.
public enum RecordedValue: Sendable, Hashable {
  /// A UUID.
  case uuid(UUID)
  /// A date.
  case date(Date)
  /// The generation of a navigation stack element's id.
  case stackElementID(Int)
}
