extension JSONValue {
  /// The value as JSON text: on one line, or (`pretty`) with two-space indents, where an array or
  /// object that fits in `maxWidth` columns stays on one line and a larger one puts each element
  /// or member on its own line.
  public func text(pretty: Bool = true, maxWidth: Int = 100) -> String {
    var text = ""
    if pretty {
      writePretty(to: &text, indent: 0, used: 0, maxWidth: maxWidth)
    } else {
      writeInline(to: &text, separator: ",", colon: ":", limit: nil)
    }
    return text
  }

  /// The value on one line with a space after each comma and colon: `{"id": 1, "tags": ["a"]}`.
  var spacedText: String {
    var text = ""
    writeInline(to: &text, separator: ", ", colon: ": ", limit: nil)
    return text
  }

  /// The pretty text of a value that starts `indent` columns in, `used` columns of its first
  /// line already taken (by a member key).
  func prettyText(indent: Int, used: Int, maxWidth: Int = 100) -> String {
    var text = ""
    writePretty(to: &text, indent: indent, used: used, maxWidth: maxWidth)
    return text
  }

  /// Writes the value at `indent`, `used` columns of its line already taken (by a member key).
  private func writePretty(to text: inout String, indent: Int, used: Int, maxWidth: Int) {
    var inline = ""
    if writeInline(to: &inline, separator: ", ", colon: ": ", limit: maxWidth - used) {
      text += inline
      return
    }
    let inner = String(repeating: " ", count: indent + 2)
    switch self {
    case .array(let elements):
      text += "[\n"
      for (offset, element) in elements.enumerated() {
        text += inner
        element.writePretty(to: &text, indent: indent + 2, used: indent + 2, maxWidth: maxWidth)
        text += offset < elements.count - 1 ? ",\n" : "\n"
      }
      text += String(repeating: " ", count: indent) + "]"
    case .object(let members):
      text += "{\n"
      for (offset, member) in members.enumerated() {
        let key = member.key.jsonQuoted + ": "
        text += inner + key
        member.value.writePretty(
          to: &text, indent: indent + 2, used: indent + 2 + key.count, maxWidth: maxWidth)
        text += offset < members.count - 1 ? ",\n" : "\n"
      }
      text += String(repeating: " ", count: indent) + "}"
    default:
      text += inline
    }
  }

  /// Writes the value on one line; with a `limit`, stops and returns false as soon as the text
  /// would grow longer than `limit` characters (scalars are always written).
  @discardableResult
  private func writeInline(
    to text: inout String, separator: String, colon: String, limit: Int?
  ) -> Bool {
    let start = text.utf8.count
    func fits() -> Bool { limit.map { text.utf8.count - start <= $0 } ?? true }
    switch self {
    case .null: text += "null"
    case .bool(let bool): text += bool ? "true" : "false"
    case .number(let number): text += number
    case .string(let string): text += string.jsonQuoted
    case .array(let elements):
      text += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { text += separator }
        let remaining = limit.map { $0 - (text.utf8.count - start) }
        guard element.writeInline(to: &text, separator: separator, colon: colon, limit: remaining),
          fits()
        else { return false }
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (offset, member) in members.enumerated() {
        if offset > 0 { text += separator }
        text += member.key.jsonQuoted + colon
        let remaining = limit.map { $0 - (text.utf8.count - start) }
        guard
          member.value.writeInline(to: &text, separator: separator, colon: colon, limit: remaining),
          fits()
        else { return false }
      }
      text += "}"
    }
    return fits()
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as JSON on one line.
  public var description: String { text(pretty: false) }
}
