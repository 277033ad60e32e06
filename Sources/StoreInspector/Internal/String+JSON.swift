extension String {
  /// The string as a JSON string literal, control characters escaped.
  var jsonQuoted: String {
    quoted { scalar in
      switch scalar {
      case "\n": "\\n"
      case "\r": "\\r"
      case "\t": "\\t"
      case _ where scalar.value < 0x20:
        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: nil
      }
    }
  }
}
