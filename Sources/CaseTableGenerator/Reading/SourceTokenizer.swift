/// Splits Swift source into tokens, skipping comments (nested `/* */` too) and reading every
/// literal whole: strings with escapes and interpolations (which may hold strings themselves),
/// multi-line `"""` strings, raw strings `#"…"#` of any number of `#`, `#/…/#` and bare `/…/`
/// regexes. Braces inside literals and comments therefore never confuse the reader.
struct SourceTokenizer {
  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var tokens: [SourceToken] = []

  private init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// The tokens of `text`; an unterminated literal or comment is an error at its first line.
  static func tokenize(_ text: String) throws(SourceError) -> [SourceToken] {
    var tokenizer = SourceTokenizer(text)
    while let token = try tokenizer.next() {
      tokenizer.tokens.append(token)
    }
    return tokenizer.tokens
  }

  // MARK: Tokens

  private mutating func next() throws(SourceError) -> SourceToken? {
    try skipWhitespaceAndComments()
    guard let byte = peek() else { return nil }
    let start = position
    let startLine = line
    func token(_ kind: SourceToken.Kind) -> SourceToken {
      SourceToken(kind: kind, text: text(from: start), line: startLine)
    }
    switch byte {
    case UInt8(ascii: "\""):
      try skipString(hashes: 0)
      return token(.literal)
    case UInt8(ascii: "#"):
      var hashes = 0
      while peek(offset: hashes) == UInt8(ascii: "#") { hashes += 1 }
      switch peek(offset: hashes) {
      case UInt8(ascii: "\"")?:
        position += hashes
        try skipString(hashes: hashes)
        return token(.literal)
      case UInt8(ascii: "/")?:
        position += hashes + 1
        try skipExtendedRegex(hashes: hashes)
        return token(.literal)
      case let next? where hashes == 1 && Self.isIdentifierStart(next):
        position += 1
        skipIdentifierCharacters()
        return token(.pound)
      default:
        position += 1
        return token(.punctuation)
      }
    case UInt8(ascii: "`"):
      position += 1
      let nameStart = position
      while let next = peek(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") {
        position += 1
      }
      guard peek() == UInt8(ascii: "`") else {
        throw SourceError(line: startLine, "a `name` is missing its closing backtick")
      }
      let name = text(from: nameStart)
      position += 1
      return SourceToken(kind: .identifier(isEscaped: true), text: name, line: startLine)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      skipNumber()
      return token(.literal)
    case UInt8(ascii: "$"):
      position += 1
      skipIdentifierCharacters()
      return token(.identifier(isEscaped: false))
    case _ where Self.isIdentifierStart(byte):
      skipIdentifierCharacters()
      return token(.identifier(isEscaped: false))
    case UInt8(ascii: "/") where startsBareRegex():
      try skipBareRegex()
      return token(.literal)
    case UInt8(ascii: "."):
      position += 1
      guard peek() == UInt8(ascii: ".") else { return token(.punctuation) }
      while let next = peek(), next == UInt8(ascii: ".") || Self.isOperatorCharacter(next) {
        position += 1
      }
      return token(.operator)
    case _ where Self.isOperatorCharacter(byte):
      position += 1
      while let next = peek(), Self.isOperatorCharacter(next), !startsComment() {
        position += 1
      }
      return token(.operator)
    default:
      position += 1
      return token(.punctuation)
    }
  }

  // MARK: Whitespace and comments

  private mutating func skipWhitespaceAndComments() throws(SourceError) {
    while let byte = peek() {
      if byte == UInt8(ascii: "\n") {
        line += 1
        position += 1
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
      {
        position += 1
      } else if byte == UInt8(ascii: "/"), peek(offset: 1) == UInt8(ascii: "/") {
        while let next = peek(), next != UInt8(ascii: "\n") { position += 1 }
      } else if byte == UInt8(ascii: "/"), peek(offset: 1) == UInt8(ascii: "*") {
        try skipBlockComment()
      } else {
        return
      }
    }
  }

  private mutating func skipBlockComment() throws(SourceError) {
    let startLine = line
    var depth = 0
    repeat {
      guard let byte = peek() else {
        throw SourceError(line: startLine, "a /* comment is never closed with */")
      }
      if byte == UInt8(ascii: "/"), peek(offset: 1) == UInt8(ascii: "*") {
        depth += 1
        position += 2
      } else if byte == UInt8(ascii: "*"), peek(offset: 1) == UInt8(ascii: "/") {
        depth -= 1
        position += 2
      } else {
        if byte == UInt8(ascii: "\n") { line += 1 }
        position += 1
      }
    } while depth > 0
  }

  private func startsComment() -> Bool {
    peek() == UInt8(ascii: "/")
      && (peek(offset: 1) == UInt8(ascii: "/") || peek(offset: 1) == UInt8(ascii: "*"))
  }

  // MARK: Strings

  /// Skips a string whose opening quote is at `position`, after `hashes` `#` signs: `"…"`,
  /// `"""…"""`, `#"…"#`. Escapes are `\` followed by the same number of `#`.
  private mutating func skipString(hashes: Int) throws(SourceError) {
    let startLine = line
    let isMultiline = peek(offset: 1) == UInt8(ascii: "\"") && peek(offset: 2) == UInt8(ascii: "\"")
    position += isMultiline ? 3 : 1
    while true {
      guard let byte = peek(), isMultiline || byte != UInt8(ascii: "\n") else {
        throw SourceError(
          line: startLine,
          "a string literal is never closed" + (isMultiline ? "" : " on its line"))
      }
      if byte == UInt8(ascii: "\\"), hasHashes(hashes, at: position + 1) {
        position += 1 + hashes
        if peek() == UInt8(ascii: "(") {
          try skipInterpolation()
        } else if peek() == UInt8(ascii: "\n") {
          // A line continuation in a multi-line string.
        } else {
          position += 1
        }
      } else if byte == UInt8(ascii: "\n") {
        line += 1
        position += 1
      } else if byte == UInt8(ascii: "\""), closesString(isMultiline: isMultiline, hashes: hashes) {
        position += (isMultiline ? 3 : 1) + hashes
        return
      } else {
        position += 1
      }
    }
  }

  private func closesString(isMultiline: Bool, hashes: Int) -> Bool {
    let quotes = isMultiline ? 3 : 1
    for offset in 0..<quotes where peek(offset: offset) != UInt8(ascii: "\"") { return false }
    return hasHashes(hashes, at: position + quotes)
  }

  /// Skips `(…)` of an interpolation, reading its tokens so that nested strings, comments and
  /// parentheses are honoured.
  private mutating func skipInterpolation() throws(SourceError) {
    let startLine = line
    position += 1
    var depth = 1
    while depth > 0 {
      guard let token = try next() else {
        throw SourceError(line: startLine, "a string interpolation \\( is never closed")
      }
      if token.isPunctuation("(") { depth += 1 }
      if token.isPunctuation(")") { depth -= 1 }
    }
  }

  private func hasHashes(_ count: Int, at index: Int) -> Bool {
    for offset in 0..<count where byte(at: index + offset) != UInt8(ascii: "#") { return false }
    return true
  }

  // MARK: Regexes

  /// Skips `#/…/#` after its opening; it may span lines.
  private mutating func skipExtendedRegex(hashes: Int) throws(SourceError) {
    let startLine = line
    while true {
      guard let byte = peek() else {
        throw SourceError(line: startLine, "a #/ regex literal is never closed with /#")
      }
      if byte == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if byte == UInt8(ascii: "/"), hasHashes(hashes, at: position + 1) {
        position += 1 + hashes
        return
      }
      if byte == UInt8(ascii: "\n") { line += 1 }
      position += 1
    }
  }

  /// Whether the `/` at `position` opens a bare regex `/…/` rather than dividing: as in Swift, it
  /// must start where an expression can start, not be followed by a space, and close on its line.
  private func startsBareRegex() -> Bool {
    guard let next = peek(offset: 1), next != UInt8(ascii: " "), next != UInt8(ascii: "\t"),
      next != UInt8(ascii: "\n"), next != UInt8(ascii: "="), !startsComment()
    else { return false }
    if let previous = tokens.last {
      let opensExpression =
        previous.kind == .operator
        || ["(", "[", "{", ",", ":", ";"].contains { previous.isPunctuation($0) }
        || ["return", "case", "in", "where", "throw", "try", "await"].contains {
          previous.isKeyword($0)
        }
      guard opensExpression else { return false }
    }
    return bareRegexEnd() != nil
  }

  private func bareRegexEnd() -> Int? {
    var index = position + 1
    while let byte = byte(at: index), byte != UInt8(ascii: "\n") {
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "/") { return index + 1 }
      index += 1
    }
    return nil
  }

  private mutating func skipBareRegex() throws(SourceError) {
    guard let end = bareRegexEnd() else {
      throw SourceError(line: line, "a /regex/ literal is never closed on its line")
    }
    position = end
  }

  // MARK: Names and numbers

  private mutating func skipIdentifierCharacters() {
    while let byte = peek(), Self.isIdentifierStart(byte) || Self.isDigit(byte) {
      position += 1
    }
  }

  /// `42`, `1_000`, `0x1F`, `1.5e-3`: digits, letters and underscores, a `.` only before a digit,
  /// and a sign only after an exponent.
  private mutating func skipNumber() {
    while let byte = peek() {
      if Self.isIdentifierStart(byte) || Self.isDigit(byte) {
        position += 1
      } else if byte == UInt8(ascii: "."), let next = peek(offset: 1), Self.isDigit(next) {
        position += 1
      } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"),
        let previous = self.byte(at: position - 1),
        [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")]
          .contains(previous)
      {
        position += 1
      } else {
        return
      }
    }
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isOperatorCharacter(_ byte: UInt8) -> Bool {
    "=-+!*%<>&|^~?/".utf8.contains(byte)
  }

  // MARK: Reading

  private func peek(offset: Int = 0) -> UInt8? {
    byte(at: position + offset)
  }

  private func byte(at index: Int) -> UInt8? {
    index >= 0 && index < bytes.count ? bytes[index] : nil
  }

  private func text(from start: Int) -> String {
    String(decoding: bytes[start..<position], as: UTF8.self)
  }
}
