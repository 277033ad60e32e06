/// Records the nodes of a reducer tree while it is built (`ReducerTree.of`): each reducer kind
/// builds its children inside `ReducerTracing.instrument`, so the nodes recorded while a node
/// builds are its children.
final class ReducerTreeRecorder {
  /// The children recorded so far at each level being built; the first holds the roots.
  private var levels: [[ReducerTree]] = [[]]
  /// The features being built, outermost first: one met again contains itself.
  private var features: [ObjectIdentifier] = []

  /// The trees recorded at the top.
  var roots: [ReducerTree] { levels.first ?? [] }

  /// `build()`, recorded as `node` with what it builds as its children. A feature met again
  /// inside itself is recorded without building it (its reducers would be built forever).
  func record<State, Action>(
    _ node: ReducerNode, dependencies: () -> [String], build: () -> ReduceFunction<State, Action>
  ) -> ReduceFunction<State, Action> {
    let feature = node.kind == .feature ? ObjectIdentifier(node.reducerType) : nil
    if let feature, features.contains(feature) {
      append(ReducerTree(node: node, dependencies: dependencies(), isRecursive: true))
      return { _, _ in .none }
    }
    if let feature { features.append(feature) }
    levels.append([])
    let reduce = build()
    let children = levels.removeLast()
    if feature != nil { features.removeLast() }
    append(ReducerTree(node: node, dependencies: dependencies(), children: children))
    return reduce
  }

  private func append(_ tree: ReducerTree) {
    levels[levels.count - 1].append(tree)
  }
}
