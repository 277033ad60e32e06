import Composable

/// `value` written as Swift source through the case tables: `.items(.rowSelected(id: 25))`.
/// Actions print this way on the hot path of every `send` (no reflection); what is not a
/// case-tabled enum (an Int, a page, a binding) is written by `leaf`.
public func caseText(_ value: Any, leaf: (Any) -> String) -> String {
  var text = ""
  appendCaseText(of: value, to: &text, leaf: leaf)
  return text
}

/// `caseText(_:leaf:)` of a value whose type is case-tabled, without asking the value.
public func caseText<Value: CasePathable>(_ value: Value, leaf: (Any) -> String) -> String {
  var text = ""
  value.appendTextThroughCaseTable(to: &text, leaf: leaf)
  return text
}

/// Appends `caseText(value, leaf:)` to `text`: one string grows, however deep the cases nest.
private func appendCaseText(of value: Any, to text: inout String, leaf: (Any) -> String) {
  guard let tabled = value as? any CasePathable else {
    text += leaf(value)
    return
  }
  tabled.appendTextThroughCaseTable(to: &text, leaf: leaf)
}

/// Appends the text of `value`, an argument of type `type` whose values are `kind`: a value of
/// exactly that type is written as its kind says, without a cast; another is asked.
private func appendArgument(
  _ value: Any, type: Any.Type, kind: ArgumentValueKind, to text: inout String,
  leaf: (Any) -> String
) {
  if Swift.type(of: value) == type {
    switch kind {
    case let .tabled(tabled):
      if tabled.appendText(of: value, to: &text, leaf: leaf) { return }
    case .untabled:
      text += leaf(value)
      return
    case .wrapper:
      break
    }
  }
  appendCaseText(of: value, to: &text, leaf: leaf)
}

extension CasePathable {
  /// Appends the text of `value` when it is a `Self`; false when it is not.
  fileprivate static func appendText(
    of value: Any, to text: inout String, leaf: (Any) -> String
  ) -> Bool {
    guard let value = value as? Self else { return false }
    value.appendTextThroughCaseTable(to: &text, leaf: leaf)
    return true
  }

  fileprivate func appendTextThroughCaseTable(to text: inout String, leaf: (Any) -> String) {
    let table = Self.caseTable
    guard let position = table.position(of: self) else {
      text += leaf(self)
      return
    }
    let entry = table.cases[position]
    let start = text.utf8.count
    text += "."
    text += entry.name
    // As many arguments as both the table and the value have (a table written by hand may
    // disagree with its enum).
    var written = 0
    let isThisCase = entry.forEachArgument(of: self) { position, value in
      guard position < entry.arguments.count else { return }
      text += written == 0 ? "(" : ", "
      written += 1
      let argument = entry.arguments[position]
      if let label = argument.label {
        text += label
        text += ": "
      }
      appendArgument(
        value, type: argument.type, kind: entry.argumentKinds[position], to: &text, leaf: leaf)
    }
    guard isThisCase else {
      // The table's case for the value is another: the value is written by `leaf`.
      text = String(decoding: text.utf8.prefix(start), as: UTF8.self)
      text += leaf(self)
      return
    }
    if written > 0 { text += ")" }
  }
}
