#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dates as session files and scripts write them: ISO 8601 in UTC, milliseconds only when the
/// date has a fraction (`2026-01-01T09:30:00Z`, `2026-01-01T09:30:00.250Z`).
public enum ISO8601Text {
  /// The text of `date`.
  public static func text(of date: Date) -> String {
    let seconds = date.timeIntervalSinceReferenceDate
    return date.formatted(
      Date.ISO8601FormatStyle(includingFractionalSeconds: seconds.rounded(.down) != seconds))
  }

  /// The date `text` writes, with or without fractional seconds; nil when it is not one.
  public static func date(from text: String) -> Date? {
    for fractional in [false, true] {
      if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: fractional).parse(text)
      {
        return date
      }
    }
    return nil
  }
}
