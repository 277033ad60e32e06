import Foundation

/// A value a dependency made for a reducer: a new UUID, the current date, a stack element's id.
///
/// A store with an observer records the values each action's reduction asked for, so that the
/// reduction can be repeated later with the very same values (see `GenerationTape`).
public enum GeneratedValue: Sendable, Hashable {
  /// A UUID from the `uuid` dependency.
  case uuid(UUID)
  /// A date from the `date` dependency.
  case date(Date)
  /// The generation of a stack element id from the `stackElementID` dependency.
  case stackElementID(Int)

  /// What kind of value this is, without the value.
  public var kind: Kind {
    switch self {
    case .uuid: .uuid
    case .date: .date
    case .stackElementID: .stackElementID
    }
  }

  /// The kinds of generated values.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case uuid, date, stackElementID
  }
}
