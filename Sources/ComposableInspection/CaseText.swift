import Composable

/// `value` written as Swift source through the case tables: `.items(.rowSelected(id: 25))`.
/// Actions print this way on the hot path of every `send` (no reflection); what is not a
/// case-tabled enum (an Int, a page, a binding) is written by `leaf`.
public func caseText(_ value: Any, leaf: (Any) -> String) -> String {
  guard let tabled = value as? any CasePathable else { return leaf(value) }
  return tabled.textThroughCaseTable(leaf: leaf)
}

extension CasePathable {
  fileprivate func textThroughCaseTable(leaf: (Any) -> String) -> String {
    guard let parts = Self.caseTable.parts(of: self) else { return leaf(self) }
    guard !parts.arguments.isEmpty else { return "." + parts.name }
    let arguments = parts.arguments.map { label, value in
      (label.map { $0 + ": " } ?? "") + caseText(value, leaf: leaf)
    }
    return ".\(parts.name)(\(arguments.joined(separator: ", ")))"
  }
}
