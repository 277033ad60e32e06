/// Whether `value` contains `literal`: an element of an array or a set, a key of a
/// dictionary, or (for a string literal) text in a string, the empty text in any. Optionals are
/// unwrapped; nil contains nothing.
///
/// ```swift
/// literalContained(in: Set([1, 25]), try LiteralParser.parse("25"))  // true
/// literalContained(in: "Buy milk", try LiteralParser.parse("\"milk\""))  // true
/// ```
public func literalContained(in value: Any, _ literal: Literal) -> Bool {
  var current = value
  while case .optional(let wrapped) = ValueShape(of: current) {
    guard let wrapped else { return false }
    current = wrapped
  }
  if let string = current as? String {
    guard case .string(let part) = literal else { return false }
    // Every string contains the empty one (Foundation's `contains` says no for "" in "").
    return part.isEmpty || string.contains(part)
  }
  switch ValueShape(of: current) {
  case .collection(let elements), .set(let elements):
    return elements.contains { literalMatches($0, literal) }
  case .dictionary(let entries):
    return entries.contains { literalMatches($0.key, literal) }
  default:
    return false
  }
}

/// What an enum value is, by its case only, optionals unwrapped.
public enum EnumCaseReading: Sendable, Equatable {
  /// An optional that is nil.
  case none
  /// The case's name, without its associated values.
  case named(String)
  /// The value is not an enum.
  case notAnEnum
}

/// The case of `value`, whatever its associated values: `.loaded([…])` is `.named("loaded")`.
public func enumCase(of value: Any) -> EnumCaseReading {
  var current = value
  while case .optional(let wrapped) = ValueShape(of: current) {
    guard let wrapped else { return .none }
    current = wrapped
  }
  guard case .enumCase(let name, _) = ValueShape(of: current) else { return .notAnEnum }
  return .named(name)
}
