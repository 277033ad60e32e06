/// Reads the text of a `StatePath`.
struct StatePathParser {
  private let text: String
  private let characters: [Character]
  private var position = 0

  init(_ text: String) {
    self.text = text
    characters = Array(text)
  }

  mutating func parse() throws(StatePathError) -> [StatePath.Component] {
    skipSpaces()
    if peek() == "." { position += 1 }
    guard peek() != nil else { return [] }
    var components: [StatePath.Component] = [try parseName()]
    while true {
      skipSpaces()
      switch peek() {
      case nil:
        return components
      case ".":
        position += 1
        components.append(try parseName())
      case "[":
        components.append(try parseSubscript())
      default:
        throw error(expected: "'.' or '[' after '\(components.last?.description ?? "")'")
      }
    }
  }

  private mutating func parseName() throws(StatePathError) -> StatePath.Component {
    guard let first = peek(), first.isLetter || first == "_" else {
      throw error(expected: "a field or case name")
    }
    var name = ""
    while let character = peek(), character.isLetter || character.isNumber || character == "_" {
      name.append(character)
      position += 1
    }
    return .name(name)
  }

  /// `[N]`, `[id: literal]` or `[literal]`, starting at `[`.
  private mutating func parseSubscript() throws(StatePathError) -> StatePath.Component {
    let open = position
    position += 1
    guard let close = closingBracket() else {
      position = open
      throw error(expected: "']' to close '['")
    }
    var inside = String(characters[position..<close])
    var isID = false
    let trimmed = inside.drop { $0 == " " }
    if trimmed.hasPrefix("id:") {
      isID = true
      inside = String(trimmed.dropFirst(3))
    }
    let literal: Literal
    do {
      literal = try LiteralParser.parse(inside)
    } catch {
      throw StatePathError.syntax(
        path: text, column: open + 1, found: "[\(inside)]",
        expected: isID ? "an id literal: 7, \"x\", UUID(\"…\")" : "[N], [id: X] or [\"key\"]")
    }
    position = close + 1
    if isID { return .id(literal) }
    if case .int(let digits) = literal {
      guard let index = Int(digits), index >= 0 else {
        throw StatePathError.syntax(
          path: text, column: open + 1, found: "[\(digits)]", expected: "an index from 0 up")
      }
      return .index(index)
    }
    return .key(literal)
  }

  /// The offset of the `]` that closes the bracket just passed, skipping strings and nested
  /// brackets.
  private func closingBracket() -> Int? {
    var depth = 0
    var offset = position
    var inString = false
    while offset < characters.count {
      let character = characters[offset]
      if inString {
        if character == "\\" {
          offset += 1
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "[" || character == "(" {
        depth += 1
      } else if character == ")" {
        depth -= 1
      } else if character == "]" {
        if depth == 0 { return offset }
        depth -= 1
      }
      offset += 1
    }
    return nil
  }

  private mutating func skipSpaces() {
    while peek() == " " { position += 1 }
  }

  private func peek() -> Character? {
    position < characters.count ? characters[position] : nil
  }

  private func error(expected: String) -> StatePathError {
    let found = peek().map { "'\($0)'" } ?? "end of path"
    return .syntax(path: text, column: position + 1, found: found, expected: expected)
  }
}
