import Composable
import Testing

/// A reducer tree is read from the reducers themselves: every kind, its paths and child, and
/// the dependencies a feature declares.
@Suite struct ReducerTreeTests {
  /// The tree as lines: each node's label, state path, action case and dependencies, indented.
  private func lines(_ tree: ReducerTree) -> [String] {
    var lines: [String] = []
    tree.walk { node, above in
      var line = String(repeating: "  ", count: above.count) + node.node.kind.rawValue + " "
        + node.node.label
      if let path = node.node.statePath { line += " state=\(path)" }
      if let action = node.node.actionCase { line += " action=\(action)" }
      if !node.dependencies.isEmpty { line += " uses=" + node.dependencies.joined(separator: ",") }
      if node.isRecursive { line += " (itself)" }
      lines.append(line)
    }
    return lines
  }

  /// `Reduce { … }.forEach(\.rows) { RowFeature() }.ifLet(\.$detail) { DetailFeature() }`: each
  /// modifier holds only its child; the reducer it wraps is its sibling, after it, the order
  /// they run in (the child first).
  @Test func everyReducerOfTheTreeIsANodeUnderTheOneThatRunsIt() {
    let tree = ReducerTree.of(RosterFeature())
    #expect(
      lines(tree) == [
        "feature RosterFeature",
        "  presentation ifLet(detail) state=detail action=detail",
        "    feature DetailFeature uses=clock,dismiss",
        "      reduce Reduce",
        "  forEach forEach(rows) state=rows action=rows",
        "    feature RowFeature uses=clock",
        "      binding BindingReducer",
        "      reduce Reduce",
        "  reduce Reduce",
      ])
  }

  @Test func aRoutingNodeNamesTheChildFeature() throws {
    let tree = ReducerTree.of(RosterFeature())
    try #require(tree.children.count == 3)
    let ifLet = tree.children[0]
    #expect(ObjectIdentifier(ifLet.node.reducerType) == ObjectIdentifier(DetailFeature.self))
    let forEach = tree.children[1]
    #expect(ObjectIdentifier(forEach.node.reducerType) == ObjectIdentifier(RowFeature.self))
  }

  @Test func aFeatureThatPresentsItselfIsShownOnceMore() {
    let tree = ReducerTree.of(PresentationTests.Nested())
    #expect(
      lines(tree) == [
        "feature PresentationTests.Nested uses=dismiss",
        "  presentation ifLet(child) state=child action=child",
        "    feature PresentationTests.Nested uses=dismiss (itself)",
        "  reduce Reduce",
      ])
  }

  @Test func describingATreeLeavesTheStoresTreesAlone() {
    _ = ReducerTree.of(RosterFeature())
    let reduce = RosterFeature().makeReduceFunction()
    var state = RosterFeature.State.withRows(2)
    _ = reduce(&state, .rows(.element(id: 1, action: .tapped)))
    #expect(state.rows[id: 1]?.title == "row 1!")
  }
}
