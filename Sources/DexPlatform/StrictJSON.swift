/// The package's one strict JSON reader: RFC 8259 from UTF-8 bytes (a leading byte order mark
/// allowed), reporting the first problem with its line and column. It builds whatever tree the
/// caller names (`StrictJSONTree`), or nothing when the bytes need only be checked.
///
/// ```swift
/// try StrictJSON.check(Data("[25,]".utf8))
/// // throws: unexpected ']' at line 1, column 5
/// ```
package struct StrictJSON<Tree: StrictJSONTree> {
  private let bytes: [UInt8]
  private var offset = 0
  /// Nesting deeper than this is refused rather than risking the stack.
  private static var maximumDepth: Int { 512 }

  /// A reader of `bytes`.
  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one JSON value `bytes` hold, white space around it allowed.
  package mutating func parseDocument() throws(JSONSyntaxProblem) -> Tree {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard offset == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxProblem) -> Tree {
    guard depth < Self.maximumDepth else { throw error("nesting deeper than 512 levels") }
    guard let byte = peek() else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseKeyword("true", .bool(true))
    case UInt8(ascii: "f"): return try parseKeyword("false", .bool(false))
    case UInt8(ascii: "n"): return try parseKeyword("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describe(byte))")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxProblem) -> Tree {
    offset += 1
    var members: [(key: String, value: Tree)] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return .object(members: [])
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw expected("a member name in quotes") }
      let key = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw expected("':' after the member name") }
      offset += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members: members)
      default: throw expected("',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxProblem) -> Tree {
    offset += 1
    var elements: [Tree] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return .array([])
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      default: throw expected("',' or ']' in an array")
      }
    }
  }

  private mutating func parseKeyword(
    _ word: String, _ value: Tree
  ) throws(JSONSyntaxProblem) -> Tree {
    let utf8 = Array(word.utf8)
    guard bytes[offset...].starts(with: utf8) else {
      throw error("unexpected \(describe(bytes[offset]))")
    }
    offset += utf8.count
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxProblem) -> Tree {
    let start = offset
    if peek() == UInt8(ascii: "-") { offset += 1 }
    guard let first = peek(), isDigit(first) else { throw expected("a digit") }
    offset += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek() == UInt8(ascii: ".") {
      offset += 1
      guard let digit = peek(), isDigit(digit) else { throw expected("a digit after '.'") }
      skipDigits()
    }
    let hasExponent = peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E")
    if hasExponent {
      offset += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      guard let digit = peek(), isDigit(digit) else { throw expected("a digit in the exponent") }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    // JSON allows any exponent and any count of digits; no Swift number holds one beyond
    // Double's range. Without an exponent, only more than 308 digits can be.
    if hasExponent || offset - start > 300 {
      guard let value = Double(text), value.isFinite else {
        offset = start
        throw error("a number beyond any Swift number's range (\(text.prefix(40)))")
      }
    }
    return .number(text)
  }

  private mutating func parseString() throws(JSONSyntaxProblem) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var runStart = offset
    func flush(_ end: Int) {
      scalars.append(
        contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard let byte = peek() else { throw error("unexpected end of input inside a string") }
      switch byte {
      case UInt8(ascii: "\""):
        flush(offset)
        offset += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush(offset)
        offset += 1
        scalars.append(try parseEscape())
        runStart = offset
      case 0..<0x20:
        throw error("a control character inside a string (escape it)")
      default:
        offset += 1
      }
    }
  }

  private mutating func parseEscape() throws(JSONSyntaxProblem) -> Unicode.Scalar {
    guard let byte = peek() else { throw error("unexpected end of input inside a string") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHexQuad()
      if (0xD800..<0xDC00).contains(high) {
        guard bytes[offset...].starts(with: Array("\\u".utf8)) else {
          throw error("a lone UTF-16 surrogate in a string")
        }
        offset += 2
        let low = try parseHexQuad()
        guard (0xDC00..<0xE000).contains(low),
          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw error("a lone UTF-16 surrogate in a string") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw error("a lone UTF-16 surrogate in a string")
      }
      return scalar
    default:
      offset -= 1
      throw error("an unknown escape \\\(describe(byte)) in a string")
    }
  }

  private mutating func parseHexQuad() throws(JSONSyntaxProblem) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = hexValue(byte) else {
        throw expected("four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  // MARK: Bytes

  private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipWhitespace() {
    while let byte = peek(), [0x20, 0x0A, 0x0D, 0x09].contains(byte) { offset += 1 }
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { offset += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }

  private func expected(_ what: String) -> JSONSyntaxProblem {
    guard let byte = peek() else { return error("unexpected end of input, expected \(what)") }
    return error("expected \(what), found \(describe(byte))")
  }

  /// The error at the current offset.
  private func error(_ reason: String) -> JSONSyntaxProblem {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return JSONSyntaxProblem(reason: reason, line: line, column: offset - lineStart + 1)
  }
}

/// What `StrictJSON` builds from what it reads: `JSONValue` in StoreInspector, nothing in
/// `StrictJSON.check`.
package protocol StrictJSONTree {
  static var null: Self { get }
  static func bool(_ value: Bool) -> Self
  /// A number as written.
  static func number(_ text: String) -> Self
  static func string(_ value: String) -> Self
  static func array(_ elements: [Self]) -> Self
  /// An object's members in the order they were written.
  static func object(members: [(key: String, value: Self)]) -> Self
}

/// Why some text is not JSON, and where: line and column count from 1.
package struct JSONSyntaxProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was found instead of JSON, e.g. `unexpected end of input`.
  package var reason: String
  /// The line of the first problem.
  package var line: Int
  /// The column (in bytes) of the first problem.
  package var column: Int

  package init(reason: String, line: Int, column: Int) {
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// `unexpected end of input at line 3, column 1`: the one wording of a JSON syntax error.
  package var description: String { "\(reason) at line \(line), column \(column)" }
}

/// The tree of a reading that only checks the bytes.
package struct NoJSONTree: StrictJSONTree {
  package static var null: Self { Self() }
  package static func bool(_ value: Bool) -> Self { Self() }
  package static func number(_ text: String) -> Self { Self() }
  package static func string(_ value: String) -> Self { Self() }
  package static func array(_ elements: [Self]) -> Self { Self() }
  package static func object(members: [(key: String, value: Self)]) -> Self { Self() }
}

extension StrictJSON where Tree == NoJSONTree {
  /// Checks that `bytes` are one JSON document; throws the first problem.
  package static func check(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxProblem) {
    var reader = Self(bytes: Array(bytes))
    _ = try reader.parseDocument()
  }
}
