import Composable

extension DecodingError {
  /// What was wrong, for a person, with the path to the value:
  /// `missing key 'results[0].url'`, `expected Int at 'id', found something else`.
  var summary: String {
    switch self {
    case let .keyNotFound(key, context):
      "missing key '\(Self.render(context.codingPath + [key]))'"
    case let .typeMismatch(type, context):
      "expected \(type) at '\(Self.render(context.codingPath))', found something else"
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
}
