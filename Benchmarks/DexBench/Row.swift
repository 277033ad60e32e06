/// One row of the benchmark table: what was measured and the budgets it is held to.
struct Row {
  /// First on its line: `B1 store`, `W4 10,000`, `realistic replay`.
  var label: String
  /// The measured figure, with its unit: `1.28 µs/send`.
  var measured: String
  /// Seconds per operation (or bytes, for memory), for `--json`.
  var value: Double
  var budgets: [Budget]
  var note: String = ""

  /// Whether every budget holds.
  var withinBudget: Bool { budgets.allSatisfy(\.holds) }
}
