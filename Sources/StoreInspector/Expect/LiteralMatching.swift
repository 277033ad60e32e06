/// Whether `value` equals `expected`, a literal in dump syntax (`[1, 25]`, `"milk"`, `.idle`,
/// `true`, `nil`, `3`, `Point(x: 1, y: 2)`).
///
/// Sets match an array literal in any order; arrays in order. Enum cases match by name and
/// payload, structs by their labelled fields, strings exactly, integers by value (`3` also matches
/// a `Double` 3.0, but `3.0` never matches an `Int`), optionals by their wrapped value or `nil`.
///
/// ```swift
/// literalMatches(Set([25, 1]), try LiteralParser.parse("[1, 25]"))  // true
/// literalMatches([25, 1], try LiteralParser.parse("[1, 25]"))  // false
/// ```
public func literalMatches(_ value: Any, _ expected: Literal) -> Bool {
  literalMismatch(value, expected) == nil
}

/// The first place where `value` differs from `expected`, or nil when they match.
public func literalMismatch(_ value: Any, _ expected: Literal) -> LiteralMismatch? {
  var comparison = LiteralComparison()
  return comparison.mismatch(value, expected, path: "")
}

/// One line for a failed `expect PATH == VALUE`: `expected [1, 25], found [1]`; when `value` does
/// match, the line for a failed `!=`: `expected a value other than [1, 25]`.
public func describeMismatch(_ value: Any, _ expected: Literal) -> String {
  literalMismatch(value, expected)?.description ?? "expected a value other than \(expected)"
}

/// Compares a value with a literal through `ValueShape`, remembering `#N` instances so that a
/// back-reference matches the same object.
struct LiteralComparison {
  private var objects: [Int: ObjectIdentifier] = [:]

  mutating func mismatch(_ value: Any, _ literal: Literal, path: String) -> LiteralMismatch? {
    let shape = ValueShape(of: value)
    var literal = literal
    if case .object(let id, let inner) = literal {
      if case .object(let object, _, _) = shape { objects[id] = ObjectIdentifier(object) }
      literal = inner
    }
    let whole = LiteralMismatch(
      path: path, expected: literal.description, found: inspectorDump(value, maxWidth: .max))
    switch (shape, literal) {
    case (.optional(nil), .nilLiteral):
      return nil
    case (.optional(let wrapped?), _) where literal != .nilLiteral:
      return mismatch(wrapped, literal, path: path)
    case (.scalar(let text), _):
      return Self.scalar(value, text: text, matches: literal) ? nil : whole
    case (.enumCase(let name, let payload), .enumCase(let expectedName, let arguments)):
      guard name == expectedName else { return whole }
      switch (payload, arguments) {
      case (nil, nil): return nil
      case (let payload?, let arguments?):
        return fields(payload, arguments, path: Self.join(path, name), whole: whole)
      default: return whole
      }
    case (.structure(let typeName, let fields), .call(let expectedType, let arguments)),
      (.object(_, let typeName, let fields), .call(let expectedType, let arguments)):
      guard LiteralDecoder.baseName(typeName) == LiteralDecoder.baseName(expectedType) else {
        return whole
      }
      return self.fields(fields, arguments, path: path, whole: whole)
    case (.object(let object, _, _), .reference(let id)):
      return objects[id] == ObjectIdentifier(object) ? nil : whole
    case (.tuple(let fields), .tuple(let arguments)):
      return self.fields(fields, arguments, path: path, whole: whole)
    case (.collection(let elements), .array(let expected)):
      guard elements.count == expected.count else { return whole }
      for (offset, (element, literal)) in zip(elements, expected).enumerated() {
        if let found = mismatch(element, literal, path: path + "[\(offset)]") { return found }
      }
      return nil
    case (.set(let elements), .array(let expected)):
      return unordered(elements, expected) ? nil : whole
    case (.dictionary(let entries), .dictionary(let expected)):
      guard entries.count == expected.count else { return whole }
      for pair in expected {
        guard let entry = entries.first(where: { matches($0.key, pair.key) }) else { return whole }
        if let found = mismatch(entry.value, pair.value, path: path + "[\(pair.key)]") {
          return found
        }
      }
      return nil
    default:
      return whole
    }
  }

  private mutating func matches(_ value: Any, _ literal: Literal) -> Bool {
    mismatch(value, literal, path: "") == nil
  }

  /// Fields against arguments in order; a label, when both sides have one, must agree.
  private mutating func fields(
    _ fields: [Field], _ arguments: [Literal.Argument], path: String, whole: LiteralMismatch
  ) -> LiteralMismatch? {
    guard fields.count == arguments.count else { return whole }
    for (offset, (field, argument)) in zip(fields, arguments).enumerated() {
      if let label = field.label, let expected = argument.label, label != expected { return whole }
      let step =
        fields.count == 1 && field.label == nil
        ? path
        : field.label.map { Self.join(path, $0) } ?? path + "[\(offset)]"
      if let found = mismatch(field.value, argument.value, path: step) { return found }
    }
    return nil
  }

  /// Whether every element matches a different literal (sets: any order).
  private mutating func unordered(_ elements: [Any], _ expected: [Literal]) -> Bool {
    guard elements.count == expected.count else { return false }
    var unmatched = Array(elements.indices)
    for literal in expected {
      guard let position = unmatched.firstIndex(where: { matches(elements[$0], literal) }) else {
        return false
      }
      unmatched.remove(at: position)
    }
    return true
  }

  private static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : path + "." + name
  }

  // MARK: Scalars

  /// Strings exactly, integers and floating-point numbers by value, anything else by the
  /// literal its dump text parses to.
  private static func scalar(_ value: Any, text: String, matches literal: Literal) -> Bool {
    switch (value, literal) {
    case (let string as String, .string(let expected)): return string == expected
    case (let character as Character, .string(let expected)): return String(character) == expected
    case (let substring as Substring, .string(let expected)): return substring == expected
    case (let bool as Bool, .bool(let expected)): return bool == expected
    case (is any BinaryInteger, .int(let expected)):
      return canonicalInteger(text) == canonicalInteger(expected)
    case (let double as Double, .int(let expected)), (let double as Double, .float(let expected)):
      return sameNumber(double, expected)
    case (let float as Float, .int(let expected)), (let float as Float, .float(let expected)):
      return sameNumber(float, expected)
    case (is String, _), (is Character, _), (is Substring, _), (is Bool, _),
      (is any BinaryInteger, _), (is Double, _), (is Float, _):
      return false
    default:
      guard let parsed = try? LiteralParser.parse(text) else { return text == literal.description }
      return sameLiteral(parsed, literal)
    }
  }

  private static func sameNumber<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, _ text: String
  ) -> Bool {
    guard let expected = F(text) else { return false }
    return value == expected || (value.isNaN && expected.isNaN)
  }

  /// `007` and `7`, `-0` and `0` are the same integer.
  private static func canonicalInteger(_ text: String) -> String {
    let isNegative = text.hasPrefix("-")
    let digits = text.drop { $0 == "-" || $0 == "+" }.drop { $0 == "0" }
    if digits.isEmpty { return "0" }
    return (isNegative ? "-" : "") + digits
  }

  /// Literals equal as written, except that UUIDs compare without regard to case.
  private static func sameLiteral(_ found: Literal, _ expected: Literal) -> Bool {
    if case .call("UUID", let lhs) = found, case .call("UUID", let rhs) = expected,
      lhs.count == 1, rhs.count == 1,
      case .string(let left) = lhs[0].value, case .string(let right) = rhs[0].value
    {
      return left.uppercased() == right.uppercased()
    }
    return found == expected
  }
}
