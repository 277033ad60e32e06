/// What the text of a command says about itself before it is parsed.
enum CommandText {
  /// The bracket (`(` or `[`) or the `"` of a string that `text` leaves open, the innermost
  /// one; nil when everything is closed (or the line is a comment). A command whose text is
  /// open goes on over the next lines.
  static func openBracket(in text: String) -> Character? {
    BracketScanner(firstLine: text).openBracket
  }

  /// The words of a command's arguments: split at spaces outside brackets and strings, so a
  /// state path keeps its element (`team.members[id: 2] --depth 1` is two words and a number).
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    var depth = 0
    var strings = StringLiteralScanner()
    for character in text {
      if !strings.consume(character) {
        switch character {
        case "(", "[": depth += 1
        case ")", "]": depth = max(0, depth - 1)
        case _ where character.isWhitespace && depth == 0:
          if !word.isEmpty { words.append(word) }
          word = ""
          continue
        default: break
        }
      }
      word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// Follows the brackets and strings of a command fed to it line by line, so a command that goes
  /// on over many lines costs time in proportion to its length: each line is scanned once.
  struct BracketScanner {
    private var open: [Character] = []
    private var strings = StringLiteralScanner()
    /// A comment, or a closing bracket without its opener (the parser's to report): nothing
    /// the later lines hold can open the command again.
    private var isClosedForGood: Bool

    /// A scanner that has read `firstLine`.
    init(firstLine: String) {
      isClosedForGood = firstLine.trimmingWhitespace().hasPrefix("#")
      consume(firstLine)
    }

    /// The bracket or the `"` the text fed so far leaves open, the innermost one; nil when
    /// everything is closed.
    var openBracket: Character? {
      guard !isClosedForGood else { return nil }
      return strings.isInString ? "\"" : open.last
    }

    /// Feeds the next piece of the command's text (a separator and a line).
    mutating func consume(_ text: String) {
      guard !isClosedForGood else { return }
      for character in text where !strings.consume(character) {
        switch character {
        case "(", "[": open.append(character)
        case ")", "]":
          guard let last = open.popLast(), last == (character == ")" ? "(" : "[") else {
            isClosedForGood = true
            return
          }
        default: break
        }
      }
    }
  }
}
