#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A position in a session document: the value there (nil when missing) and its JSON path, so
/// every complaint names where it is.
package struct SessionReader {
  package var value: JSONValue?
  package var path: String

  /// The reader of `value`, found at `path` (`$` for the document).
  package init(value: JSONValue?, path: String) {
    self.value = value
    self.path = path
  }

  /// The member `key` of this object.
  package func member(_ key: String) -> SessionReader {
    SessionReader(value: value?[key], path: path + "." + key)
  }

  /// The elements of this array.
  package func elements(_ expected: String) throws(SessionError) -> [SessionReader] {
    guard case .array(let elements)? = value else { throw invalid(expected) }
    return elements.enumerated().map { offset, element in
      SessionReader(value: element, path: path + "[\(offset)]")
    }
  }

  /// This object's value, checked to be an object.
  package func object(_ expected: String) throws(SessionError) -> JSONValue {
    guard let value, case .object = value else { throw invalid(expected) }
    return value
  }

  /// This whole number.
  package func integer(_ expected: String) throws(SessionError) -> Int {
    guard case .number(let text)? = value, let number = Int(text) else { throw invalid(expected) }
    return number
  }

  /// This whole number, which must lie in `range`.
  package func integer(in range: ClosedRange<Int>, _ expected: String) throws(SessionError) -> Int {
    let number = try integer(expected)
    guard range.contains(number) else { throw invalid(expected) }
    return number
  }

  /// The entry this whole number names, 0 naming the initial moment (where a script command
  /// or a held cancellation is placed).
  package func entryID() throws(SessionError) -> EntryID {
    EntryID(try integer(in: 0...Int.max, "an entry number, or 0"))
  }

  /// This string, which must hold no control character and no line break: it becomes part of
  /// a line that is printed or written to a script.
  package func singleLine(_ expected: String) throws(SessionError) -> String {
    guard case .string(let text)? = value, !text.hasControlCharacters else {
      throw invalid(expected)
    }
    return text
  }

  /// This Boolean, or `default` when the member is missing.
  package func bool(default: Bool) throws(SessionError) -> Bool {
    switch value {
    case nil: return `default`
    case .bool(let bool)?: return bool
    default: throw invalid("true or false")
    }
  }

  /// This ISO 8601 date, or nil when the member is missing or null.
  package func date() throws(SessionError) -> Date? {
    switch value {
    case nil, .null?: return nil
    case .string(let text)?:
      guard let date = ISO8601Text.date(from: text) else { throw invalid(Self.dateDescription) }
      return date
    default: throw invalid(Self.dateDescription)
    }
  }

  /// The values recorded with an entry (`[{"uuid": "…"}, {"date": "…"}, {"stackElementID": 0}]`);
  /// none when missing.
  package func recordedValues() throws(SessionError) -> [RecordedValue] {
    guard value != nil else { return [] }
    let expected = #"an array of {"uuid": "…"}, {"date": "…"} and {"stackElementID": 0} objects"#
    var values: [RecordedValue] = []
    for element in try elements(expected) {
      switch element.value {
      case .object(let members)? where members.count == 1:
        switch (members[0].key, members[0].value) {
        case ("uuid", .string(let text)):
          guard let uuid = UUID(uuidString: text) else { throw element.member("uuid").invalid("a UUID") }
          values.append(.uuid(uuid))
        case ("date", .string(let text)):
          guard let date = ISO8601Text.date(from: text) else {
            throw element.member("date").invalid(Self.dateDescription)
          }
          values.append(.date(date))
        case ("stackElementID", .number(let text)):
          guard let generation = Int(text), generation >= 0 else {
            throw element.member("stackElementID").invalid("a whole number from 0")
          }
          values.append(.stackElementID(generation))
        default:
          throw element.invalid(expected)
        }
      default:
        throw element.invalid(expected)
      }
    }
    return values
  }

  /// This value, which must be present.
  package func required(_ expected: String) throws(SessionError) -> JSONValue {
    guard let value else { throw invalid(expected) }
    return value
  }

  /// The error saying this value is not `expected`.
  package func invalid(_ expected: String) -> SessionError {
    .invalidValue(path: path, expected: expected, found: value.map(Self.excerpt))
  }

  private static let dateDescription = #"an ISO 8601 date such as "2026-01-01T09:30:00Z""#

  /// A value as one line of JSON, shortened to about 40 characters.
  static func excerpt(_ value: JSONValue) -> String {
    let text = value.text(pretty: false)
    return text.count <= 40 ? text : text.prefix(37) + "…"
  }
}

extension RecordedValue {
  /// `{"uuid": "…"}` or `{"date": "…"}`, as session files keep it.
  var sessionJSON: JSONValue {
    switch self {
    case .uuid(let uuid): .object([.init("uuid", .string(uuid.uuidString))])
    case .date(let date): .object([.init("date", .string(ISO8601Text.text(of: date)))])
    case .stackElementID(let generation):
      .object([.init("stackElementID", .number(String(generation)))])
    }
  }
}

/// The largest entry number a session file may hold (2^53 - 1, the largest integer every JSON
/// reader keeps exactly); the `folded` count and the listed entries stay within it.
let largestSessionEntryNumber = 9_007_199_254_740_991

/// The `version` this code writes.
let sessionFormatVersion = 2

/// The versions this code reads: 1 has no recorded values (they are made again on import).
let readableSessionVersions: [JSONValue] = [.number(1), .number(2)]
