/// One line of the benchmark table: what was measured, against what, and the budget.
struct Row {
  var label: String
  var measured: String
  var baseline: String
  /// The figure the budget applies to.
  var value: Double
  var valueText: String
  var budgetText: String
  var withinBudget: Bool
  var note: String = ""

  static let header = "row              measured                 baseline                 figure       budget      result"

  var line: String {
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
    return pad(label, 17) + pad(measured, 25) + pad(baseline, 25) + pad(valueText, 13)
      + pad(budgetText, 12) + (withinBudget ? "ok" : "MISSED") + (note.isEmpty ? "" : "  (\(note))")
  }
}
