import ComposableInspection
import StoreInspector

/// Any value on one line in dex's own syntax, as actions print (`.detail(.starTapped)`,
/// `UUID("…")`, `.set(\.level, 10)`): what warnings and messages quote, never Swift's
/// description with module prefixes.
enum ValueText {
  static func line(_ value: Any) -> String {
    caseText(value) { inspectorDump($0, maxWidth: .max) }
  }

  /// The value as JSON, read from its dump as diffs read theirs (see
  /// `JSONValue(printedValue:)`): `25`, `"Buy milk"`, `null`, `{"literal": ".level"}`.
  static func json(_ value: Any) -> JSONValue {
    JSONValue(printedValue: inspectorDump(value, maxWidth: .max))
  }
}
