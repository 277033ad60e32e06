/// What the text of a command says about itself before it is parsed.
enum CommandText {
  /// The bracket (`(` or `[`) or the `"` of a string that `text` leaves open, the innermost
  /// one; nil when everything is closed (or the line is a comment). A command whose text is
  /// open goes on over the next lines.
  static func openBracket(in text: String) -> Character? {
    BracketScanner(firstLine: text).openBracket
  }

  /// The command's name and its arguments (trimmed) in `line`, a line with no whitespace at
  /// either end: split at its first whitespace character. Nil for an empty line.
  static func nameAndArguments(_ line: String) -> (name: Substring, arguments: String)? {
    // An ASCII name followed by one ASCII whitespace byte and an ASCII byte: the split is at
    // that byte, for no ASCII byte but a line feed joins the characters around it (and the
    // arguments are trimmed anyway).
    let bytes = line.utf8
    if let separator = bytes.firstIndex(where: { $0 >= 0x80 || $0.isASCIIWhitespace }),
      bytes[separator] < 0x80
    {
      let after = bytes.index(after: separator)
      if after == bytes.endIndex || bytes[after] < 0x80 {
        return (line[..<separator], String(line[after...]).trimmingWhitespace())
      }
    } else if !bytes.contains(where: { $0 >= 0x80 }) {
      return line.isEmpty ? nil : (line[...], "")
    }
    let words = line.split(maxSplits: 1, whereSeparator: \.isWhitespace)
    guard let name = words.first else { return nil }
    return (name, words.count > 1 ? String(words[1]).trimmingWhitespace() : "")
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
