import Composable

/// `value` written as Swift source through the case tables: `.items(.rowSelected(id: 25))`.
/// Actions print this way on the hot path of every `send` (no reflection); what is not a
/// case-tabled enum (an Int, a page, a binding) is written by `leaf`.
public func caseText(_ value: Any, leaf: (Any) -> String) -> String {
  var text = ""
  appendCaseText(of: value, to: &text, leaf: leaf)
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

extension CasePathable {
  fileprivate func appendTextThroughCaseTable(to text: inout String, leaf: (Any) -> String) {
    guard let parts = Self.caseTable.parts(of: self) else {
      text += leaf(self)
      return
    }
    text += "."
    text += parts.name
    guard !parts.arguments.isEmpty else { return }
    text += "("
    for (position, argument) in parts.arguments.enumerated() {
      if position > 0 { text += ", " }
      if let label = argument.label {
        text += label
        text += ": "
      }
      appendCaseText(of: argument.value, to: &text, leaf: leaf)
    }
    text += ")"
  }
}
