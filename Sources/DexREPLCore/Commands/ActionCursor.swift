/// Where the cursor is inside an action being typed (`.team(.members(.element(id: 2, action: .`):
/// the cases whose parentheses are open, which argument of each, and the name being typed.
struct ActionCursor {
  /// A case (or call) whose parenthesis is open.
  struct Frame {
    var name: String
    /// Which argument the cursor is in, from 0.
    var argument = 0
    /// The label written before the current argument, if any.
    var label: String?
    /// The labels written so far.
    var usedLabels: [String] = []
  }

  /// What is right before the name being typed.
  enum Marker {
    /// `.`: a case name.
    case dot
    /// `\.`: a key path.
    case keyPath
    /// Nothing: the start of a value or of a label.
    case none
  }

  /// Innermost last.
  private(set) var frames: [Frame] = []
  /// The letters of the name being typed (empty right after `.`, `(`, `, ` or `: `).
  private(set) var token = ""
  private(set) var marker = Marker.none
  /// Whether the cursor is where a value or a label starts: after `(`, `,`, `:`, or the start.
  private(set) var isAtValueStart = false
  /// Whether a whole action was already typed before the cursor (nothing can follow it).
  private(set) var isAfterWholeAction = false
  /// Whether the cursor is inside a string.
  private(set) var isInString = false

  init(_ text: String) {
    let characters = Array(text)
    var strings = StringLiteralScanner()
    var identifier = ""
    for character in characters where !strings.consume(character) {
      if character.isLetter || character.isNumber || character == "_" {
        identifier.append(character)
        continue
      }
      switch character {
      case "(":
        frames.append(Frame(name: identifier))
      case ")":
        if frames.popLast() != nil, frames.isEmpty { isAfterWholeAction = true }
      case ",":
        if !frames.isEmpty {
          frames[frames.count - 1].argument += 1
          frames[frames.count - 1].label = nil
        }
      case ":":
        if !frames.isEmpty, !identifier.isEmpty {
          frames[frames.count - 1].label = identifier
          frames[frames.count - 1].usedLabels.append(identifier)
        }
      default:
        break
      }
      if !character.isWhitespace || character == " " { identifier = "" }
    }
    isInString = strings.isInString
    token = isInString ? "" : identifier
    let before = characters.dropLast(token.count)
    if before.last == ".", before.dropLast().last == "\\" {
      marker = .keyPath
    } else if before.last == "." {
      marker = .dot
    } else {
      let previous = before.last { !$0.isWhitespace }
      isAtValueStart = previous == nil || previous == "(" || previous == "," || previous == ":"
    }
  }
}
