/// Breaks a one-line Swift statement wider than a line allows at its brackets, so a generated
/// test reads as source a person wrote:
/// ```swift
/// $0.todos = [Todo(id: 1, title: "milk", isDone: false), Todo(id: 2, title: "eggs", isDone: true)]
/// ```
/// becomes, at a width of 60,
/// ```swift
/// $0.todos = [
///   Todo(id: 1, title: "milk", isDone: false),
///   Todo(id: 2, title: "eggs", isDone: true)
/// ]
/// ```
/// A bracket with one element hugs it (`.loaded([` … `])`, `.success(Page(` … `))`); the elements of a broken bracket
/// fill each line as far as the width allows, and an element too wide for a line of its own is
/// broken in turn. Text inside string literals is never broken; a word wider than the width
/// stays whole.
struct SwiftLineWrapper {
  /// The widest line, indentation included.
  var width: Int

  /// `statement` as lines, the first starting at `indent` columns and every other line carrying
  /// its own indentation (at least `indent`). The first line's indentation is not included.
  func lines(_ statement: String, indent: Int) -> [String] {
    guard indent + statement.count > width else { return [statement] }
    var layout = Layout(width: width, indent: indent)
    layout.write(Self.parse(statement), indent: indent)
    return layout.lines
  }

  /// A run of text, or a bracketed list of comma-separated elements.
  indirect enum Piece {
    case text(String)
    case bracket(open: Character, elements: [[Piece]], close: Character)

    var flat: String {
      switch self {
      case .text(let text): text
      case .bracket(let open, let elements, let close):
        String(open) + elements.map(Self.flat).joined(separator: ", ") + String(close)
      }
    }

    static func flat(_ pieces: [Piece]) -> String {
      pieces.map(\.flat).joined()
    }
  }

  /// The pieces of `text`; brackets that do not match are kept as text.
  static func parse(_ text: String) -> [Piece] {
    var parser = Parser(characters: Array(text))
    return parser.sequence(until: nil) ?? [.text(text)]
  }

  private struct Parser {
    let characters: [Character]
    var position = 0

    /// Pieces up to `closer` (consumed), or to the end when `closer` is nil; nil when a
    /// bracket is not closed.
    mutating func sequence(until closer: Character?) -> [Piece]? {
      var pieces: [Piece] = []
      var text = ""
      func flush() {
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
      }
      while position < characters.count {
        let character = characters[position]
        switch character {
        case "\"":
          text += stringLiteral()
          continue
        case "(", "[":
          flush()
          position += 1
          let close: Character = character == "(" ? ")" : "]"
          guard let elements = elements(until: close) else { return nil }
          pieces.append(.bracket(open: character, elements: elements, close: close))
          continue
        case ")", "]", ",":
          if closer != nil {
            flush()
            return pieces
          }
          text.append(character)
        default:
          text.append(character)
        }
        position += 1
      }
      flush()
      return closer == nil ? pieces : nil
    }

    /// The comma-separated elements up to `close` (consumed).
    mutating func elements(until close: Character) -> [[Piece]]? {
      var elements: [[Piece]] = []
      while position < characters.count {
        guard let element = sequence(until: close) else { return nil }
        let trimmed = Self.trimmed(element)
        let separator = characters[position]
        position += 1
        if separator == "," {
          elements.append(trimmed)
        } else if separator == close {
          if !trimmed.isEmpty || !elements.isEmpty { elements.append(trimmed) }
          return elements
        } else {
          return nil
        }
      }
      return nil
    }

    /// A string literal from its opening quote through its closing one, escapes kept.
    mutating func stringLiteral() -> String {
      var literal = String(characters[position])
      position += 1
      while position < characters.count {
        let character = characters[position]
        literal.append(character)
        position += 1
        if character == "\\", position < characters.count {
          literal.append(characters[position])
          position += 1
        } else if character == "\"" {
          break
        }
      }
      return literal
    }

    static func trimmed(_ pieces: [Piece]) -> [Piece] {
      var pieces = pieces
      if case .text(let first)? = pieces.first {
        let text = String(first.drop(while: \.isWhitespace))
        if text.isEmpty { pieces.removeFirst() } else { pieces[0] = .text(text) }
      }
      if case .text(let last)? = pieces.last {
        let text = String(last.reversed().drop(while: \.isWhitespace).reversed())
        if text.isEmpty { pieces.removeLast() } else { pieces[pieces.count - 1] = .text(text) }
      }
      return pieces
    }
  }

  /// Lines being written, the last one open.
  private struct Layout {
    let width: Int
    var finished: [String] = []
    var line = ""
    var column: Int

    init(width: Int, indent: Int) {
      self.width = width
      column = indent
    }

    mutating func append(_ text: String) {
      line += text
      column += text.count
    }

    mutating func newLine(indent: Int) {
      finished.append(line)
      line = String(repeating: " ", count: indent)
      column = indent
    }

    /// Writes `pieces`, breaking a bracket when it and the text that follows it up to the next
    /// bracket do not fit.
    mutating func write(_ pieces: [Piece], indent: Int) {
      for (index, piece) in pieces.enumerated() {
        switch piece {
        case .text(let text):
          append(text)
        case .bracket(let open, let elements, let close):
          let following = pieces[(index + 1)...].prefix { if case .text = $0 { true } else { false } }
          let flat = piece.flat
          if column + flat.count + Piece.flat(Array(following)).count <= width || elements.isEmpty {
            append(flat)
          } else if elements.count == 1 {
            append(String(open))
            write(elements[0], indent: indent)
            append(String(close))
          } else {
            append(String(open))
            writeElements(elements, indent: indent + 2)
            newLine(indent: indent)
            append(String(close))
          }
        }
      }
    }

    /// Elements fill each line at `indent`; one too wide for a line of its own is broken.
    mutating func writeElements(_ elements: [[Piece]], indent: Int) {
      newLine(indent: indent)
      var lineHasElement = false
      for (index, element) in elements.enumerated() {
        let comma = index < elements.count - 1 ? "," : ""
        let flat = Piece.flat(element) + comma
        if lineHasElement {
          if column + 1 + flat.count <= width {
            append(" " + flat)
            continue
          }
          newLine(indent: indent)
        }
        if indent + flat.count <= width {
          append(flat)
          lineHasElement = true
        } else {
          write(element, indent: indent)
          append(comma)
          if index < elements.count - 1 { newLine(indent: indent) }
          lineHasElement = false
        }
      }
    }

    var lines: [String] { finished + [line] }
  }
}
