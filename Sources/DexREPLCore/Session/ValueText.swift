import ComposableInspection
import StoreInspector

/// Any value on one line in dex's own syntax, as actions print (`.detail(.favoriteTapped)`,
/// `UUID("…")`, `.set(\.level, 10)`): what warnings and messages quote, never Swift's
/// description with module prefixes.
enum ValueText {
  static func line(_ value: Any) -> String {
    caseText(value) { inspectorDump($0, maxWidth: .max) }
  }

  /// The value as JSON: its own encoding when it has one, else `text` (its dump) as a string.
  static func json(_ value: Any, text: @autoclosure () -> String) -> JSONValue {
    if let encodable = value as? any Encodable, let encoded = try? JSONValue(encoding: encodable) {
      return encoded
    }
    return .string(text())
  }

  /// The value as JSON: its own encoding when it has one, else its dump as a string.
  static func json(_ value: Any) -> JSONValue {
    json(value, text: inspectorDump(value))
  }
}
