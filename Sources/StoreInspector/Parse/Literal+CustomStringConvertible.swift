extension Literal: CustomStringConvertible {
  /// The literal on one line in dump syntax; parsing a one-line dump and printing it gives the
  /// dump back.
  public var description: String {
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch self {
    case .int(let digits): text += digits
    case .float(let number):
      switch number {
      case "infinity": text += ".infinity"
      case "-infinity": text += "-.infinity"
      case "nan": text += ".nan"
      default: text += number
      }
    case .string(let string): text += string.quotedLiteral
    case .bool(let bool): text += bool ? "true" : "false"
    case .nilLiteral: text += "nil"
    case .array(let elements):
      text += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { text += ", " }
        element.write(to: &text)
      }
      text += "]"
    case .dictionary(let entries):
      guard !entries.isEmpty else {
        text += "[:]"
        return
      }
      text += "["
      for (offset, entry) in entries.enumerated() {
        if offset > 0 { text += ", " }
        entry.key.write(to: &text)
        text += ": "
        entry.value.write(to: &text)
      }
      text += "]"
    case .enumCase(let name, let arguments):
      text += "." + name
      if let arguments { Self.write(arguments, to: &text) }
    case .call(let type, let arguments):
      text += type
      Self.write(arguments, to: &text)
    case .tuple(let arguments):
      Self.write(arguments, to: &text)
    case .object(let id, let value):
      text += "#\(id) "
      value.write(to: &text)
    case .reference(let id):
      text += "#\(id)"
    case .keyPath(let names):
      text += "\\." + names.joined(separator: ".")
    }
  }

  private static func write(_ arguments: [Argument], to text: inout String) {
    text += "("
    for (offset, argument) in arguments.enumerated() {
      if offset > 0 { text += ", " }
      if let label = argument.label { text += label + ": " }
      argument.value.write(to: &text)
    }
    text += ")"
  }
}
