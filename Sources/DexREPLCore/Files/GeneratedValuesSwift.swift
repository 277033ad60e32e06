import Foundation
import StoreInspector
import Composable

/// The `uuid` and `date` dependencies of a generated test, as Swift: the values the session's
/// reducers saw, in order.
enum GeneratedValuesSwift {
  /// `$0.uuid = .incrementing` when the session counted from 1, else `.sequence([…])`.
  static func uuidDependency(_ values: [GeneratedValue]) -> String {
    let uuids = values.compactMap { value -> UUID? in
      guard case let .uuid(uuid) = value else { return nil }
      return uuid
    }
    let counting = uuids.enumerated().allSatisfy { $0.element == UUID(counting: UInt64($0.offset + 1)) }
    guard !counting else { return "$0.uuid = .incrementing" }
    return "$0.uuid = .sequence([\n"
      + uuids.map { "        UUID(\"\($0.uuidString)\"),\n" }.joined() + "      ])"
  }

  /// `$0.date = .constant(…)` when every date was `fixed`, else `.sequence([…])`.
  static func dateDependency(_ values: [GeneratedValue], fixed: Date) -> String {
    let dates = values.compactMap { value -> Date? in
      guard case let .date(date) = value else { return nil }
      return date
    }
    guard dates.contains(where: { $0 != fixed }) else {
      return "$0.date = .constant(Date(timeIntervalSince1970: \(grouped(Int(fixed.timeIntervalSince1970)))))"
    }
    return "$0.date = .sequence([\n"
      + dates.map { "        Date(timeIntervalSince1970: \($0.timeIntervalSince1970)),\n" }.joined()
      + "      ])"
  }

  /// `1_767_225_600`: a whole number with its thousands apart, as Swift code writes it.
  private static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (number < 0 ? "-" : "") + groups.joined(separator: "_")
  }
}
