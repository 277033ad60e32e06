#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Literal text of the Foundation values dumps print as constructor calls, or nil.
///
/// `URL(string: "https://…")`, `UUID("…")`, `Date("2026-01-01T00:00:00Z")` (ISO 8601, UTC,
/// fractional seconds only when present) and `Data(base64Encoded: "…")`.
func foundationScalarText(of value: Any) -> String? {
  switch value {
  case let url as URL:
    return "URL(string: \(url.absoluteString.quotedLiteral))"
  case let uuid as UUID:
    return "UUID(\(uuid.uuidString.quotedLiteral))"
  case let date as Date:
    let seconds = date.timeIntervalSinceReferenceDate
    let style = Date.ISO8601FormatStyle(
      includingFractionalSeconds: seconds.rounded(.down) != seconds)
    return "Date(\(date.formatted(style).quotedLiteral))"
  case let data as Data:
    return "Data(base64Encoded: \(data.base64EncodedString().quotedLiteral))"
  default:
    return nil
  }
}

/// Whether `foundationScalarText(of:)` prints values of `type`.
func isFoundationScalar(_ type: Any.Type) -> Bool {
  type == URL.self || type == UUID.self || type == Date.self || type == Data.self
}
