extension String {
  /// Whether the string holds a character that would move output or start a line: a C0 or C1
  /// control character (tabs, `\r`, `\n` and escape among them), DEL, or a Unicode line or
  /// paragraph separator.
  package var hasControlCharacters: Bool {
    unicodeScalars.contains(where: \.isControlOrLineBreak)
  }

  /// The string with each control character and line break written as a Swift escape (`\n`,
  /// `\t`, `\u{1B}`), so that it prints as one line that moves nothing.
  ///
  /// ```swift
  /// "a\nb\u{1B}[2K".escapingControlCharacters  // a\nb\u{1B}[2K
  /// ```
  package var escapingControlCharacters: String {
    guard hasControlCharacters else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      if let escape = scalar.controlEscape {
        result += escape
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// A C0 or C1 control character, DEL, or U+2028 and U+2029 (line and paragraph separators).
  fileprivate var isControlOrLineBreak: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }

  /// The Swift escape of a control character or line break (`\n`, `\t`, `\u{1B}`), which
  /// `LiteralParser` reads back; nil for any other scalar.
  var controlEscape: String? {
    switch self {
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    case "\0": "\\0"
    case _ where isControlOrLineBreak: "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    default: nil
    }
  }
}
