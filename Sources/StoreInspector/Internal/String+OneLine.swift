extension String {
  /// This text fit for one line of an error message: control characters (newlines, tabs, NUL…)
  /// written as escapes, and anything past `limit` characters cut with an ellipsis.
  package func oneLine(limit: Int = 160) -> String {
    var result = ""
    var count = 0
    for scalar in unicodeScalars {
      if count >= limit {
        result += "…"
        break
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }
}
