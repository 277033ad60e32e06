extension String {
  /// The string without leading and trailing whitespace.
  package func trimmingWhitespace() -> String {
    // A string that starts and ends with an ASCII byte that is not whitespace has nothing to
    // trim: its first character starts with that byte, and its last ends with it (only a
    // prepended mark, which is no whitespace, can come before an ASCII byte in a character).
    if let first = utf8.first, let last = utf8.last, first.isASCIIOtherThanWhitespace,
      last.isASCIIOtherThanWhitespace
    {
      return self
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

extension UInt8 {
  /// An ASCII byte other than a space, tab, line feed, vertical tab, form feed or carriage
  /// return (the ASCII characters Unicode calls whitespace).
  fileprivate var isASCIIOtherThanWhitespace: Bool {
    self < 0x80 && self != 0x20 && !(0x09...0x0D).contains(self)
  }
}
