import Foundation

/// The table, its lines and its JSON.
enum Table {
  static let header = line(
    "row", "measured", "baseline", "figure", "budget", "result", note: "")

  /// One line per budget (one for a row without budget); each starts with the row's label.
  static func lines(of row: Row) -> [String] {
    guard !row.budgets.isEmpty else {
      return [line(row.label, row.measured, "", "", "", "", note: row.note)]
    }
    return row.budgets.enumerated().map { index, budget in
      line(
        row.label, index == 0 ? row.measured : "", budget.baseline, budget.figureText,
        budget.limitText, budget.holds ? "ok" : "MISSED", note: index == 0 ? row.note : "")
    }
  }

  private static func line(
    _ label: String, _ measured: String, _ baseline: String, _ figure: String,
    _ budget: String, _ result: String, note: String
  ) -> String {
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
    return pad(label, 18) + pad(measured, 18) + pad(baseline, 28) + pad(figure, 10)
      + pad(budget, 10) + result + (note.isEmpty ? "" : "  (\(note))")
  }

  static func text(_ rows: [Row]) -> String {
    ([header] + rows.flatMap(lines(of:))).joined(separator: "\n")
  }

  /// `{"date": …, "machine": …, "rows": [{"label": …, "budgets": [{…}]}]}`.
  static func json(_ rows: [Row], date: String, machine: String) -> String {
    func string(_ text: String) -> String {
      var escaped = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return "\"" + escaped + "\""
    }
    func number(_ value: Double) -> String {
      value.isFinite ? String(format: "%.6g", value) : "null"
    }
    let rowTexts = rows.map { row in
      let budgets = row.budgets.map { budget in
        """
            {"baseline": \(string(budget.baseline)), "figure": \(number(budget.figure)), \
        "limit": \(number(budget.limit)), "upper": \(budget.isUpperLimit), \
        "budget": \(string(budget.limitText)), "ok": \(budget.holds), \
        "rounds": [\(budget.rounds.map(number).joined(separator: ", "))]}
        """
      }
      return """
          {"label": \(string(row.label)), "measured": \(string(row.measured)), \
        "value": \(number(row.value)), "note": \(string(row.note)), "ok": \(row.withinBudget),
          "budgets": [
        \(budgets.joined(separator: ",\n"))
          ]}
        """
    }
    return """
      {"date": \(string(date)), "machine": \(string(machine)), "rows": [
      \(rowTexts.joined(separator: ",\n"))
      ]}

      """
  }
}
