#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONValue {
  /// A value printed in dump syntax as JSON: numbers, `true`/`false`, `null` for `nil`, strings,
  /// arrays, and objects for structures (`Point(x: 1, y: 2)` is `{"x": 1, "y": 2}`) and for
  /// dictionaries keyed by strings or integers. A part JSON has no form for (an enum case, a
  /// tuple, `UUID("…")`, `.infinity`) is `{"literal": "…"}`, its printed literal.
  ///
  /// ```swift
  /// JSONValue(printedValue: "25")                          // 25
  /// JSONValue(printedValue: #""Buy milk""#)                // "Buy milk"
  /// JSONValue(printedValue: "Settings(sort: .level)")      // {"sort": {"literal": ".level"}}
  /// ```
  public init(printedValue text: String) {
    guard let literal = try? LiteralParser.parse(text) else {
      self = .object([.init("literal", .string(text))])
      return
    }
    self = literal.jsonValue
  }
}

extension Literal {
  /// The literal as JSON (see `JSONValue(printedValue:)`).
  var jsonValue: JSONValue {
    switch self {
    case .int(let digits):
      return .number(digits)
    case .float(let number):
      // `infinity` and `nan` have no JSON number.
      guard case .number? = try? JSONValue(parsing: Data(number.utf8)) else { return printed }
      return .number(number)
    case .string(let string):
      return .string(string)
    case .bool(let bool):
      return .bool(bool)
    case .nilLiteral:
      return .null
    case .array(let elements):
      return .array(elements.map(\.jsonValue))
    case .dictionary(let entries):
      var members: [JSONValue.Member] = []
      for entry in entries {
        switch entry.key {
        case .string(let key), .int(let key): members.append(.init(key, entry.value.jsonValue))
        default: return printed
        }
      }
      return .object(members)
    case .call(_, let arguments) where !arguments.isEmpty && arguments.allSatisfy({ $0.label != nil }):
      return .object(arguments.map { .init($0.label ?? "", $0.value.jsonValue) })
    case .object(_, let inner):
      return inner.jsonValue
    case .call, .enumCase, .tuple, .reference, .keyPath:
      return printed
    }
  }

  /// `{"literal": "…"}`: the literal as dex prints it, for a value JSON has no form for.
  private var printed: JSONValue {
    .object([.init("literal", .string(description))])
  }
}
