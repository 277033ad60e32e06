extension String {
  /// The string as a double-quoted Swift literal: `"a\"b\n"`.
  ///
  /// Escapes `"`, `\`, `\n`, `\r`, `\t`, `\0` and every other control character as `\u{…}`, which
  /// is exactly what `LiteralParser` reads back.
  var quotedLiteral: String {
    var result = "\""
    result.reserveCapacity(utf8.count + 2)
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result += "\""
    return result
  }
}
