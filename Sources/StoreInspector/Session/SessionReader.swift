#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A position in a session document: the value there (nil when missing) and its JSON path, so
/// every complaint names where it is.
struct SessionReader {
  var value: JSONValue?
  var path: String

  /// The member `key` of this object.
  func member(_ key: String) -> SessionReader {
    SessionReader(value: value?[key], path: path + "." + key)
  }

  /// The elements of this array.
  func elements(_ expected: String) throws(SessionError) -> [SessionReader] {
    guard case .array(let elements)? = value else { throw invalid(expected) }
    return elements.enumerated().map { offset, element in
      SessionReader(value: element, path: path + "[\(offset)]")
    }
  }

  /// This object's value, checked to be an object.
  func object(_ expected: String) throws(SessionError) -> JSONValue {
    guard let value, case .object = value else { throw invalid(expected) }
    return value
  }

  /// This whole number.
  func integer(_ expected: String) throws(SessionError) -> Int {
    guard case .number(let text)? = value, let number = Int(text) else { throw invalid(expected) }
    return number
  }

  /// This Boolean, or `default` when the member is missing.
  func bool(default: Bool) throws(SessionError) -> Bool {
    switch value {
    case nil: return `default`
    case .bool(let bool)?: return bool
    default: throw invalid("true or false")
    }
  }

  /// This ISO 8601 date, or nil when the member is missing or null.
  func date() throws(SessionError) -> Date? {
    switch value {
    case nil, .null?: return nil
    case .string(let text)?:
      for fractional in [false, true] {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: fractional)
          .parse(text)
        {
          return date
        }
      }
      throw invalid(Self.dateDescription)
    default: throw invalid(Self.dateDescription)
    }
  }

  /// This value, which must be present.
  func required(_ expected: String) throws(SessionError) -> JSONValue {
    guard let value else { throw invalid(expected) }
    return value
  }

  /// The error saying this value is not `expected`.
  func invalid(_ expected: String) -> SessionError {
    .invalidValue(path: path, expected: expected, found: value.map(Self.excerpt))
  }

  private static let dateDescription = #"an ISO 8601 date such as "2026-01-01T09:30:00Z""#

  /// A value as one line of JSON, shortened to about 40 characters.
  private static func excerpt(_ value: JSONValue) -> String {
    let text = value.text(pretty: false)
    return text.count <= 40 ? text : text.prefix(37) + "…"
  }
}

/// The ISO 8601 text of a session date: UTC, milliseconds only when the date has a fraction.
func sessionDateText(_ date: Date) -> String {
  let seconds = date.timeIntervalSinceReferenceDate
  return date.formatted(
    Date.ISO8601FormatStyle(includingFractionalSeconds: seconds.rounded(.down) != seconds))
}

/// The `version` this code writes and reads.
let sessionFormatVersion = 1
