import Foundation

extension DecodingError {
  /// What was wrong, for a person, with the path to the value — the one wording of a JSON
  /// decoding failure (a client's response, a bundled resource, a shared value's file):
  /// `missing key 'results[0].url'`, `expected Int at 'id', found a string`.
  package var summary: String {
    switch self {
    case let .keyNotFound(key, context):
      "missing key '\(Self.render(context.codingPath + [key]))'"
    case let .typeMismatch(type, context):
      "expected \(type) at '\(Self.render(context.codingPath))', found \(Self.found(context))"
    case let .valueNotFound(type, context):
      "expected \(type) at '\(Self.render(context.codingPath))', found null"
    case let .dataCorrupted(context) where context.codingPath.isEmpty:
      "not valid JSON (\(context.debugDescription))"
    case let .dataCorrupted(context):
      "invalid value at '\(Self.render(context.codingPath))': \(context.debugDescription)"
    @unknown default:
      "\(self)"
    }
  }

  /// `results[0].url`; `top level` for the empty path.
  private static func render(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "top level" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// What was there instead, as Foundation's description says (`a string`), else "something
  /// else".
  private static func found(_ context: Context) -> String {
    let description = context.debugDescription
    guard let start = description.range(of: "but found "),
      let end = description.range(of: " instead", range: start.upperBound..<description.endIndex)
    else { return "something else" }
    return String(description[start.upperBound..<end.lowerBound])
  }
}
