import Composable
import ComposableInspection
import StoreInspector

extension DexSession {
  /// The `expect` lines `record --expect` writes after a line that moved the store from
  /// `before` to `after`: one per changed leaf of the state and of each changed shared value
  /// (at the state path that shows it, e.g. `items.starred`), shortened as diffs are (see
  /// `ExpectationPlanner`). Each is checked against `after` as `expect` would check it, and only
  /// those that hold are written, so a replay of an unchanged build passes them all.
  /// `holderPaths` remembers where the state shows each shared value, across the lines of one
  /// recording (finding it walks the whole state).
  func expectationLines(
    from before: StoreMoment<State>, to after: StoreMoment<State>,
    holderPaths: inout [SharedKeyID: String]
  ) -> [String] {
    let diff = momentDiff(
      before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared)
    guard !diff.isEmpty else { return [] }
    return after.reading {
      var planned = ExpectationPlanner.expectations(for: diff.state, in: after.state)
      if diff.shared.contains(where: { holderPaths[$0.key] == nil }) {
        for (key, holders) in sharedHolders(in: after.state) where holderPaths[key] == nil {
          if let first = holders.first { holderPaths[key] = first.path }
        }
      }
      for (key, sharedDiff) in diff.shared {
        // A shared value no state path shows cannot be named by `expect`.
        guard let path = holderPaths[key], let value = after.shared[key] else { continue }
        planned += ExpectationPlanner.expectations(for: sharedDiff, in: value, under: path)
      }
      var written = Set<String>()
      return planned.map(\.description)
        .filter { written.insert($0).inserted && Self.holds($0, in: after.state) }
        .map { "expect " + $0 }
    }
  }

  /// Whether `expect TEXT` passes on `state` (shared values read as the caller set them).
  private static func holds(_ text: String, in state: State) -> Bool {
    guard let expectation = try? Expectation(parsing: text, synopsis: ""),
      let value = try? ActionPath.value(at: expectation.path, in: state)
    else { return false }
    return ExpectationCheck.problem(value, expectation) == nil
  }
}
