extension String {
  /// The string between double quotes, `"` and `\` escaped with a backslash and every scalar
  /// `escape` has text for written as that text: the one quoting loop of the Swift literals
  /// (`quotedLiteral`) and the JSON strings (`jsonQuoted`) the inspector writes.
  func quoted(escaping escape: (Unicode.Scalar) -> String?) -> String {
    var result = "\""
    result.reserveCapacity(utf8.count + 2)
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default:
        if let escaped = escape(scalar) {
          result += escaped
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result += "\""
    return result
  }

  /// The string as a double-quoted Swift literal: `"a\"b\n"`.
  ///
  /// Escapes `"`, `\` and every control character and line break (`\n`, `\u{1B}`, as
  /// `controlEscape` writes them), which is exactly what `LiteralParser` reads back.
  var quotedLiteral: String {
    quoted { $0.controlEscape }
  }
}
