/// A reducer tree as it is composed, read from the reducers themselves: each node as tracing
/// names it (`ReducerNode`), the dependencies a feature declares, and the reducers it runs. A
/// modifier (`ifLet`, `forEach`) holds only its child's reducers; the parent reducer it wraps
/// is its sibling, after it (`ReducerNode.split`).
///
/// ```swift
/// let tree = ReducerTree.of(AppFeature())
/// tree.node.label                 // "AppFeature"
/// tree.children[0].node.label     // "Scope(todos)"
/// tree.children[0].children[0].dependencies  // ["uuid", "clock"]
/// ```
public struct ReducerTree: Sendable {
  /// The reducer.
  public let node: ReducerNode
  /// The dependencies a feature declares with `@Dependency`, by name (`numberFact`), in the
  /// order it declares them; empty for other kinds.
  public let dependencies: [String]
  /// The reducers it runs, in the order they run.
  public let children: [ReducerTree]
  /// Whether this feature contains itself here (it presents itself): its reducers are those of
  /// the same feature above it, and are not repeated.
  public let isRecursive: Bool

  /// A tree of `node`, the dependencies it declares and `children`.
  public init(
    node: ReducerNode, dependencies: [String] = [], children: [ReducerTree] = [],
    isRecursive: Bool = false
  ) {
    self.node = node
    self.dependencies = dependencies
    self.children = children
    self.isRecursive = isRecursive
  }

  /// The tree of `reducer`, built the way a traced store builds it, with every child built at
  /// once (a child presented lazily too).
  public static func of<R: Reducer>(_ reducer: R) -> ReducerTree {
    let recorder = ReducerTreeRecorder()
    let box = ThreadEnvironment.install()
    let previous = box.treeRecorder
    box.treeRecorder = recorder
    defer { box.treeRecorder = previous }
    _ = ReducerTracing.tracedReduceFunction(of: reducer)
    let roots = recorder.roots
    if roots.count == 1, let root = roots.first { return root }
    return ReducerTree(node: ReducerNode(kind: .feature, reducerType: R.self), children: roots)
  }

  /// The nodes of the tree, depth first, each with the nodes above it (the root first).
  public func walk(_ visit: (ReducerTree, [ReducerTree]) -> Void) {
    func walk(_ tree: ReducerTree, _ above: [ReducerTree]) {
      visit(tree, above)
      for child in tree.children { walk(child, above + [tree]) }
    }
    walk(self, [])
  }
}
