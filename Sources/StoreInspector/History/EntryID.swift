/// The number of an entry in a `History`: entries count from 1 in the order they were recorded,
/// across every branch; 0 is the initial moment.
///
/// ```swift
/// let entry: EntryID = 3
/// print(entry)  // "3"
/// ```
public struct EntryID: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral {
  /// The entry's number; 0 for the initial moment.
  public var number: Int

  /// The entry numbered `number`.
  public init(_ number: Int) {
    self.number = number
  }

  /// The entry numbered by an integer literal.
  public init(integerLiteral number: Int) {
    self.number = number
  }

  /// The initial moment, before any recorded action.
  public static let initial = EntryID(0)

  public static func < (lhs: EntryID, rhs: EntryID) -> Bool {
    lhs.number < rhs.number
  }
}

extension EntryID: CustomStringConvertible {
  /// The entry's number, e.g. `3`.
  public var description: String { String(number) }
}
