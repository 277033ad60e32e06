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
