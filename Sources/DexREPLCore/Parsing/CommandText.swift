/// What the text of a command says about itself before it is parsed.
enum CommandText {
  /// The bracket (`(` or `[`) or the `"` of a string that `text` leaves open, the innermost
  /// one; nil when everything is closed (or the line is a comment). A command whose text is
  /// open goes on over the next lines.
  static func openBracket(in text: String) -> Character? {
    guard !text.trimmingWhitespace().hasPrefix("#") else { return nil }
    var open: [Character] = []
    var strings = StringLiteralScanner()
    for character in text where !strings.consume(character) {
      switch character {
      case "(", "[": open.append(character)
      case ")", "]":
        // A closing bracket without its opener is the parser's to report.
        guard let last = open.popLast(), last == (character == ")" ? "(" : "[") else { return nil }
      default: break
      }
    }
    return strings.isInString ? "\"" : open.last
  }
}
