extension String {
  /// The string between double quotes, `"` and `\` escaped with a backslash and every scalar
  /// `escape` has text for written as that text: the one quoting loop of the Swift literals
  /// (`quotedLiteral`) and the JSON strings (`jsonQuoted`) the inspector writes. `escape` has
  /// no text for printable ASCII (U+0020 to U+007E): a string of those alone, with no `"` or
  /// `\`, is copied between the quotes as it is.
  func quoted(escaping escape: (Unicode.Scalar) -> String?) -> String {
    if let plain = plainQuoted { return plain }
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

  /// The string between double quotes when none of its bytes needs a look (printable ASCII
  /// other than `"` and `\`), its bytes copied at once; nil otherwise.
  private var plainQuoted: String? {
    let needsNoEscape = utf8.allSatisfy { byte in
      byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
    guard needsNoEscape else { return nil }
    return String(unsafeUninitializedCapacity: utf8.count + 2) { buffer in
      var position = 0
      buffer[position] = UInt8(ascii: "\"")
      position += 1
      for byte in utf8 {
        buffer[position] = byte
        position += 1
      }
      buffer[position] = UInt8(ascii: "\"")
      return position + 1
    }
  }

  /// The string as a double-quoted Swift literal: `"a\"b\n"`.
  ///
  /// Escapes `"`, `\` and every control character and line break (`\n`, `\u{1B}`, as
  /// `controlEscape` writes them), which is exactly what `LiteralParser` reads back.
  var quotedLiteral: String {
    quoted { $0.controlEscape }
  }
}
