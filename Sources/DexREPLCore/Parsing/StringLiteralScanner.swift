/// Follows string literals through typed text one character at a time, so the scanners of
/// commands (open brackets, operators, action spellings, the completion cursor) skip what is
/// inside quotes, escapes included.
struct StringLiteralScanner {
  /// Whether the characters fed so far leave a string open.
  private(set) var isInString = false
  private var escaped = false

  /// Feeds `character`; returns whether it belongs to a string literal, its quotes included.
  mutating func consume(_ character: Character) -> Bool {
    guard isInString else {
      isInString = character == "\""
      return isInString
    }
    if escaped {
      escaped = false
    } else if character == "\\" {
      escaped = true
    } else if character == "\"" {
      isInString = false
    }
    return true
  }
}
