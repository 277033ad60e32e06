extension String {
  /// The string as a double-quoted Swift literal: `"a\"b\n"`.
  ///
  /// Escapes `"`, `\` and every control character and line break (`\n`, `\u{1B}`, as
  /// `controlEscape` writes them), which is exactly what `LiteralParser` reads back.
  var quotedLiteral: String {
    var result = "\""
    result.reserveCapacity(utf8.count + 2)
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default:
        if let escape = scalar.controlEscape {
          result += escape
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result += "\""
    return result
  }
}
