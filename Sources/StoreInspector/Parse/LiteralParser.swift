/// Reads the literal syntax `inspectorDump` prints into a `Literal` tree.
///
/// ```swift
/// try LiteralParser.parse(".loaded(items: [\"a\"], hasMore: true)")
/// // .enumCase("loaded", [.init(label: "items", value: .array([.string("a")])),
/// //                      .init(label: "hasMore", value: .bool(true))])
/// ```
public struct LiteralParser {
  /// The deepest bracket nesting accepted; deeper input is an error, never a stack overflow.
  public static let maxDepth = 256
  /// The longest input accepted, in UTF-8 bytes (1 MB).
  public static let maxInputBytes = 1_048_576

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0

  private init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// Parses one complete literal; whitespace (including newlines) may surround any token.
  public static func parse(_ text: String) throws(LiteralParseError) -> Literal {
    let byteCount = text.utf8.count
    guard byteCount <= maxInputBytes else {
      throw LiteralParseError(.inputTooLarge(byteCount: byteCount, limit: maxInputBytes), column: 1)
    }
    var parser = LiteralParser(text)
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.position < parser.bytes.count {
      throw parser.error(.trailingCharacters(found: parser.describeToken()))
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue() throws(LiteralParseError) -> Literal {
    skipWhitespace()
    guard let byte = peek() else { throw error(.unexpectedEnd(expected: "a value")) }
    switch byte {
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "["): return try parseArrayOrDictionary()
    case UInt8(ascii: "("):
      let open = position
      return .tuple(try parseArguments(openedAt: open))
    case UInt8(ascii: "."): return try parseEnumCase()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "#"): return try parseReference()
    case UInt8(ascii: "\\"): return try parseKeyPath()
    default:
      guard Self.isIdentifierStart(byte) else {
        throw error(.unexpectedToken(found: describeToken(), expected: "a value"))
      }
      return try parseNameOrCall()
    }
  }

  private mutating func parseNameOrCall() throws(LiteralParseError) -> Literal {
    let start = position
    let name = readIdentifier()
    switch name {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "nil": return .nilLiteral
    default: break
    }
    var typeName = name
    while true {
      if peek() == UInt8(ascii: "."), let next = peek(offset: 1), Self.isIdentifierStart(next) {
        position += 1
        typeName += "." + readIdentifier()
      } else if peek() == UInt8(ascii: "<") {
        typeName += try readGenericArguments()
      } else {
        break
      }
    }
    guard peek() == UInt8(ascii: "(") else {
      let end = position
      position = start
      let found = "'" + String(decoding: bytes[start..<end], as: UTF8.self) + "'"
      throw error(
        .unexpectedToken(
          found: found, expected: "a value ('\(typeName)(…)' for a call, '.\(name)' for a case)"))
    }
    return .call(typeName, try parseArguments(openedAt: position))
  }

  private mutating func parseEnumCase() throws(LiteralParseError) -> Literal {
    position += 1
    guard let byte = peek(), Self.isIdentifierStart(byte) else {
      throw error(.unexpectedToken(found: describeToken(), expected: "a case name after '.'"))
    }
    let name = readIdentifier()
    if peek() == UInt8(ascii: "(") {
      return .enumCase(name, try parseArguments(openedAt: position))
    }
    switch name {
    case "infinity": return .float("infinity")
    case "nan": return .float("nan")
    default: return .enumCase(name, nil)
    }
  }

  private mutating func parseNumber() throws(LiteralParseError) -> Literal {
    let start = position
    if peek() == UInt8(ascii: "-") {
      position += 1
      if peek() == UInt8(ascii: "."), matches(".infinity") {
        position += ".infinity".utf8.count
        return .float("-infinity")
      }
    }
    guard readDigits() > 0 else {
      throw error(.unexpectedToken(found: describeToken(), expected: "a digit after '-'"))
    }
    var isFloat = false
    if peek() == UInt8(ascii: "."), let next = peek(offset: 1), Self.isDigit(next) {
      position += 1
      _ = readDigits()
      isFloat = true
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard readDigits() > 0 else {
        throw error(.unexpectedToken(found: describeToken(), expected: "the exponent's digits"))
      }
      isFloat = true
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    return isFloat ? .float(text) : .int(text)
  }

  /// `\.name.name…`: a key path from the root type (the root type name is not written).
  private mutating func parseKeyPath() throws(LiteralParseError) -> Literal {
    position += 1
    var names: [String] = []
    repeat {
      guard peek() == UInt8(ascii: ".") else {
        throw error(.unexpectedToken(found: describeToken(), expected: "'.' after '\\'"))
      }
      position += 1
      guard let byte = peek(), Self.isIdentifierStart(byte) else {
        throw unexpected(expected: "a property name after '.'")
      }
      names.append(readIdentifier())
    } while peek() == UInt8(ascii: ".")
    return .keyPath(names)
  }

  private mutating func parseReference() throws(LiteralParseError) -> Literal {
    position += 1
    let start = position
    guard readDigits() > 0, let id = Int(String(decoding: bytes[start..<position], as: UTF8.self))
    else {
      throw error(
        .unexpectedToken(found: describeToken(), expected: "a reference number after '#'"))
    }
    while peek() == UInt8(ascii: " ") { position += 1 }
    switch peek() {
    case nil, UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ":"),
      UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      return .reference(id)
    default:
      let open = position
      try enterNesting(at: open)
      defer { depth -= 1 }
      return .object(id: id, try parseValue())
    }
  }

  // MARK: Groups

  private mutating func parseArrayOrDictionary() throws(LiteralParseError) -> Literal {
    let open = position
    try enterNesting(at: open)
    defer { depth -= 1 }
    position += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return .array([])
    }
    if peek() == UInt8(ascii: ":") {
      position += 1
      try expectClose(UInt8(ascii: "]"), expected: "']' after '[:'")
      return .dictionary([])
    }
    let first = try parseValue()
    skipWhitespace()
    if peek() == UInt8(ascii: ":") {
      position += 1
      var entries = [Literal.DictionaryEntry(key: first, value: try parseValue())]
      while try continueGroup(close: UInt8(ascii: "]"), openedAt: open) {
        let key = try parseValue()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
          throw unexpected(expected: "':' after a dictionary key")
        }
        position += 1
        entries.append(Literal.DictionaryEntry(key: key, value: try parseValue()))
      }
      return .dictionary(entries)
    }
    var elements = [first]
    while try continueGroup(close: UInt8(ascii: "]"), openedAt: open) {
      elements.append(try parseValue())
    }
    return .array(elements)
  }

  /// Parses `(label: value, value, …)` starting at the `(` at `open`.
  private mutating func parseArguments(
    openedAt open: Int
  ) throws(LiteralParseError) -> [Literal.Argument] {
    try enterNesting(at: open)
    defer { depth -= 1 }
    position += 1
    skipWhitespace()
    if peek() == UInt8(ascii: ")") {
      position += 1
      return []
    }
    var arguments: [Literal.Argument] = []
    repeat {
      skipWhitespace()
      let label = readLabel()
      arguments.append(Literal.Argument(label: label, value: try parseValue()))
    } while try continueGroup(close: UInt8(ascii: ")"), openedAt: open)
    return arguments
  }

  /// After an element: consumes `,` and returns true when another element follows, or consumes
  /// the closing bracket (a trailing comma is allowed) and returns false.
  private mutating func continueGroup(
    close: UInt8, openedAt open: Int
  ) throws(LiteralParseError) -> Bool {
    skipWhitespace()
    if peek() == UInt8(ascii: ",") {
      position += 1
      skipWhitespace()
      if peek() == close {
        position += 1
        return false
      }
      return true
    }
    try expectClose(close, expected: "',' or \(closeDescription(close, open))")
    return false
  }

  private mutating func expectClose(
    _ close: UInt8, expected: String
  ) throws(LiteralParseError) {
    skipWhitespace()
    guard peek() == close else {
      throw unexpected(expected: expected)
    }
    position += 1
  }

  private func closeDescription(_ close: UInt8, _ open: Int) -> String {
    "'\(Character(Unicode.Scalar(close)))' to close '\(Character(Unicode.Scalar(bytes[open])))' "
      + "from column \(column(of: open))"
  }

  private mutating func enterNesting(at open: Int) throws(LiteralParseError) {
    depth += 1
    guard depth <= Self.maxDepth else {
      position = open
      throw error(.nestingTooDeep(limit: Self.maxDepth))
    }
  }

  // MARK: Tokens

  private mutating func parseString() throws(LiteralParseError) -> String {
    let open = position
    position += 1
    var decoded: [UInt8] = []
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        position = open
        throw error(.unterminatedString)
      case UInt8(ascii: "\\"):
        try decodeEscape(into: &decoded)
      default:
        decoded.append(byte)
        position += 1
      }
    }
    position = open
    throw error(.unterminatedString)
  }

  private mutating func decodeEscape(into decoded: inout [UInt8]) throws(LiteralParseError) {
    let start = position
    position += 1
    guard let byte = peek() else {
      position = start
      throw error(.invalidEscape("\\"))
    }
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): decoded.append(byte)
    case UInt8(ascii: "n"): decoded.append(UInt8(ascii: "\n"))
    case UInt8(ascii: "r"): decoded.append(UInt8(ascii: "\r"))
    case UInt8(ascii: "t"): decoded.append(UInt8(ascii: "\t"))
    case UInt8(ascii: "0"): decoded.append(0)
    case UInt8(ascii: "u"):
      guard peek() == UInt8(ascii: "{") else { throw invalidEscape(from: start) }
      position += 1
      let digitsStart = position
      while let digit = peek(), digit != UInt8(ascii: "}"), position - digitsStart < 8 {
        position += 1
      }
      let digits = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
      let isClosed = peek() == UInt8(ascii: "}")
      if isClosed { position += 1 }
      guard isClosed, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
      else { throw invalidEscape(from: start) }
      decoded.append(contentsOf: String(scalar).utf8)
    default:
      throw invalidEscape(from: start)
    }
  }

  private mutating func invalidEscape(from start: Int) -> LiteralParseError {
    let end = min(position, bytes.count)
    position = start
    return error(.invalidEscape(String(decoding: bytes[start..<end], as: UTF8.self)))
  }

  /// Reads `label:` when the input has one, else leaves the position unchanged.
  private mutating func readLabel() -> String? {
    guard let byte = peek(), Self.isIdentifierStart(byte) else { return nil }
    let start = position
    let label = readIdentifier()
    skipWhitespace()
    if peek() == UInt8(ascii: ":") {
      position += 1
      return label
    }
    position = start
    return nil
  }

  private mutating func readIdentifier() -> String {
    let start = position
    while let byte = peek(), Self.isIdentifierStart(byte) || Self.isDigit(byte) { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// Reads `<…>` with balanced angle brackets, returned as written.
  private mutating func readGenericArguments() throws(LiteralParseError) -> String {
    let start = position
    var open = 0
    while let byte = peek() {
      position += 1
      if byte == UInt8(ascii: "<") { open += 1 }
      if byte == UInt8(ascii: ">") {
        open -= 1
        if open == 0 { return String(decoding: bytes[start..<position], as: UTF8.self) }
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\"") { break }
    }
    position = start
    throw error(.unexpectedToken(found: "'<'", expected: "'>' to close the generic arguments"))
  }

  @discardableResult
  private mutating func readDigits() -> Int {
    let start = position
    while let byte = peek(), Self.isDigit(byte) { position += 1 }
    return position - start
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    {
      position += 1
    }
  }

  private func matches(_ word: String) -> Bool {
    bytes[position...].starts(with: word.utf8)
  }

  private func peek(offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  // MARK: Errors

  private func unexpected(expected: String) -> LiteralParseError {
    peek() == nil
      ? error(.unexpectedEnd(expected: expected))
      : error(.unexpectedToken(found: describeToken(), expected: expected))
  }

  /// The character at the current position, quoted, for messages.
  private func describeToken() -> String {
    guard position < bytes.count else { return "end of input" }
    let rest = String(decoding: bytes[position..<min(bytes.count, position + 4)], as: UTF8.self)
    guard let character = rest.first else { return "end of input" }
    switch character {
    case "\n", "\r\n": return "line break"
    case "\t": return "tab"
    default: return "'\(character)'"
    }
  }

  private func error(_ reason: LiteralParseError.Reason) -> LiteralParseError {
    let lineStart = bytes[..<position].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = bytes[..<position].lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
    return LiteralParseError(reason, line: line, column: column(of: position, lineStart: lineStart))
  }

  private func column(of offset: Int, lineStart: Int? = nil) -> Int {
    let start =
      lineStart ?? bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return String(decoding: bytes[start..<offset], as: UTF8.self).count + 1
  }
}
