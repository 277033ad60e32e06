/// Records the nodes of a reducer tree while it is built (`ReducerTree.of`): each reducer kind
/// builds its children inside `ReducerTracing.instrument`, so the nodes recorded while a node
/// builds are its children. A modifier's parent reducers are recorded beside it, after it (see
/// `ReducerNode.split`), the order they run in.
final class ReducerTreeRecorder {
  /// A recorded tree and the type of its state.
  private typealias Recorded = (tree: ReducerTree, state: Any.Type)

  /// The children recorded so far at each level being built; the first holds the roots.
  private var levels: [[Recorded]] = [[]]
  /// The features being built, outermost first: one met again contains itself.
  private var features: [ObjectIdentifier] = []

  /// The trees recorded at the top.
  var roots: [ReducerTree] { levels.first?.map(\.tree) ?? [] }

  /// `build()`, recorded as `node` with what it builds as its children. A feature met again
  /// inside itself is recorded without building it (its reducers would be built forever).
  func record<State, Action>(
    _ node: ReducerNode, dependencies: () -> [String], build: () -> ReduceFunction<State, Action>
  ) -> ReduceFunction<State, Action> {
    let feature = node.kind == .feature ? ObjectIdentifier(node.reducerType) : nil
    if let feature, features.contains(feature) {
      append(
        (ReducerTree(node: node, dependencies: dependencies(), isRecursive: true), State.self))
      return { _, _ in .none }
    }
    if let feature { features.append(feature) }
    levels.append([])
    let reduce = build()
    let children = levels.removeLast()
    if feature != nil { features.removeLast() }
    let (own, parent) = node.split(children, state: State.self) { ($0.tree.node, $0.state) }
    let tree = ReducerTree(node: node, dependencies: dependencies(), children: own.map(\.tree))
    append((tree, State.self))
    for recorded in parent { append(recorded) }
    return reduce
  }

  private func append(_ recorded: Recorded) {
    levels[levels.count - 1].append(recorded)
  }
}
