import DexPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON value as a tree, with object members in the order they were written.
///
/// Session documents are built from these; callers turn their own moments and actions into them,
/// for instance through `Codable`:
/// ```swift
/// let json = try JSONValue(encoding: Point(x: 1, y: 2))   // {"x": 1, "y": 2}
/// let point = try json.decode(Point.self)
/// ```
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as written (`"3"`, `"-0.5"`, `"1e9"`) so that no precision is lost.
  case number(String)
  /// A string, escapes decoded.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; members keep their order.
  case object([Member])

  /// One `"key": value` member of an object.
  public struct Member: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member of an object.
    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The integer `value` as a JSON number.
  public static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  /// The value of member `key` of an object; nil when this is not an object or has no such member.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

extension JSONValue {
  /// The JSON that `JSONEncoder` writes for `value`.
  public init<Value: Encodable>(encoding value: Value) throws {
    let data = try JSONEncoder().encode(value)
    self = try JSONValue(parsing: data)
  }

  /// The value decoded by `JSONDecoder` as `type`; an `IndexSet` range Foundation would trap on
  /// is refused first (see `checkIndexSetRanges`).
  public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try checkIndexSetRanges()
    return try JSONDecoder().decode(type, from: Data(text(pretty: false).utf8))
  }

  /// Parses UTF-8 JSON text; the error names the line and column of the first problem.
  public init(parsing data: Data) throws(JSONSyntaxError) {
    var reader = StrictJSON<JSONValue>(bytes: Array(data))
    do {
      self = try reader.parseDocument()
    } catch {
      throw JSONSyntaxError(reason: error.reason, line: error.line, column: error.column)
    }
  }
}

extension JSONValue: StrictJSONTree {
  /// An object of `members`, in their order, as the reader builds it.
  package static func object(members: [(key: String, value: JSONValue)]) -> JSONValue {
    .object(members.map { Member($0.key, $0.value) })
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(String(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { Member($0.0, $0.1) })
  }
  public init(nilLiteral: ()) { self = .null }
}
