/// Prose cut at word boundaries into lines no wider than a terminal, continuation lines
/// indented. What must be read or pasted whole is never cut: a word is a run of text between
/// spaces outside brackets, double-quoted strings and single-quoted spans, so an action
/// literal (`.items(.rowSelected(id: 4))`), a path (`team.members[id: 2]`) or a quoted command
/// (`'add "Buy milk"'`) stays on one line, even when it is wider than the terminal.
///
/// ```swift
/// ProseWrapper(width: 30).wrap("warning: the replay may differ: an answer to e2")
/// // "warning: the replay may differ:\n  an answer to e2"
/// ```
struct ProseWrapper {
  /// The columns a line may use.
  let width: Int
  /// The fewest columns a continuation line gets, however deep its indentation.
  private static let narrowest = 20

  /// `text` with each line wider than `width` cut at word boundaries, its continuation lines
  /// `hang` spaces further in than the line itself; lines that fit are left as they are.
  func wrap(_ text: String, hang: Int = 2) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.count > width else { return String(line) }
      let indent = line.prefix { $0 == " " }.count
      return fill(
        String(line.dropFirst(indent)), firstPrefix: String(repeating: " ", count: indent),
        indent: indent + hang
      ).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// `text` filled again where it is wider than `width`, keeping its shape:
  /// - a paragraph (consecutive lines indented by `paragraphIndent`) is filled as one;
  /// - a row of a two-column list (`  --json    print one JSON object…`, indented further than
  ///   paragraphs, its columns two or more spaces apart) has its second column, with the
  ///   lines continuing it there, filled in that column;
  /// - any other line is cut by `wrap`.
  ///
  /// A paragraph or row whose lines all fit is left exactly as it is.
  func reflow(_ text: String, paragraphIndent: Int = 0) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var result: [String] = []
    var index = 0
    func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }
    func fits(_ block: ArraySlice<String>) -> Bool { block.allSatisfy { $0.count <= width } }
    while index < lines.count {
      let line = lines[index]
      let lineIndent = indent(of: line)
      var end = index + 1
      if line.isEmpty {
        result.append(line)
      } else if let column = Self.secondColumn(of: line), lineIndent > paragraphIndent {
        while end < lines.count, !lines[end].isEmpty, indent(of: lines[end]) == column { end += 1 }
        let block = lines[index..<end]
        if fits(block) {
          result += block
        } else {
          let head = String(line.prefix(column))
          let description = block.map { $0.dropFirst(column) }.joined(separator: " ")
          result += fill(description, firstPrefix: head, indent: column)
        }
      } else if lineIndent == paragraphIndent {
        while end < lines.count, !lines[end].isEmpty, indent(of: lines[end]) == paragraphIndent,
          Self.secondColumn(of: lines[end]) == nil
        {
          end += 1
        }
        let block = lines[index..<end]
        if fits(block) {
          result += block
        } else {
          let words = block.map { $0.dropFirst(paragraphIndent) }.joined(separator: " ")
          let margin = String(repeating: " ", count: paragraphIndent)
          result += fill(words, firstPrefix: margin, indent: paragraphIndent)
        }
      } else {
        result.append(wrap(line))
      }
      index = end
    }
    return result.joined(separator: "\n")
  }

  /// Where the second column of a two-column row starts: after the first run of two or more
  /// spaces that follows text; nil for a line with no such gap.
  private static func secondColumn(of line: String) -> Int? {
    let characters = Array(line)
    var offset = characters.prefix { $0 == " " }.count
    guard offset < characters.count else { return nil }
    while offset < characters.count - 2 {
      if characters[offset] == " ", characters[offset + 1] == " " {
        var column = offset
        while column < characters.count, characters[column] == " " { column += 1 }
        return column < characters.count ? column : nil
      }
      offset += 1
    }
    return nil
  }

  /// The words of `text` on as few lines as fit: the first after `firstPrefix`, the others
  /// after `indent` spaces. A word wider than the room left has a line of its own.
  func fill(_ text: String, firstPrefix: String, indent: Int) -> [String] {
    let margin = String(repeating: " ", count: indent)
    let limit = max(width, indent + Self.narrowest)
    var lines: [String] = []
    var line = firstPrefix
    var lineHasWord = false
    for word in Self.words(text) {
      if lineHasWord, line.count + 1 + word.count > limit {
        lines.append(line)
        line = margin + word
      } else {
        line += (lineHasWord ? " " : "") + word
      }
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }

  /// The words of `text`: split at spaces outside `[…]`, a call's `(…)` (an aside in
  /// parentheses is prose), `"…"` and `'…'` (a quote that starts a word and ends one; the
  /// apostrophe of "action's" is neither). What is left open at the end splits at every space.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    // Each open bracket, and whether it keeps its spaces: an aside's `(` opening a word does
    // not, a call's `(` (`.list(`) and every `[` do.
    var brackets: [Bool] = []
    var strings = StringLiteralScanner()
    var inSingleQuotes = false
    let characters = Array(text)
    for (offset, character) in characters.enumerated() {
      if strings.consume(character) {
        word.append(character)
        continue
      }
      switch character {
      case "(", "[": brackets.append(character == "[" || !word.isEmpty)
      case ")", "]": _ = brackets.popLast()
      case "'" where !inSingleQuotes && word.isEmpty:
        inSingleQuotes = true
      case "'" where inSingleQuotes:
        let next = offset + 1 < characters.count ? characters[offset + 1] : " "
        if !next.isLetter { inSingleQuotes = false }
      case _ where character.isWhitespace && !brackets.contains(true) && !inSingleQuotes:
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      default: break
      }
      word.append(character)
    }
    // A bracket or quote left open protects nothing: the rest splits at every space.
    if brackets.contains(true) || strings.isInString || inSingleQuotes {
      words += word.split(whereSeparator: \.isWhitespace).map(String.init)
    } else if !word.isEmpty {
      words.append(word)
    }
    return words
  }
}
