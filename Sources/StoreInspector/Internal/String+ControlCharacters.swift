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
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      case _ where scalar.isControlOrLineBreak:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
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
}
