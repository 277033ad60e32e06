extension String {
  /// The text with `&`, `<`, `>`, `"` and `'` escaped, safe in HTML text and quoted attributes.
  var htmlEscaped: String {
    guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
    else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// The text as a JSON string literal that is also safe inside an HTML `<script>` element:
  /// `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`.
  var scriptSafeJSONQuoted: String {
    var result = ""
    for scalar in jsonQuoted.unicodeScalars {
      switch scalar {
      case "<": result += "\\u003c"
      case ">": result += "\\u003e"
      case "&": result += "\\u0026"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
