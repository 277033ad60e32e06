import Composable
import DexPlatform
import StoreInspector

/// The views of a reducer tree (`ReducerTree`) that `tree` prints: indented text, a Mermaid
/// flowchart of the features, and JSON. All three are built from the same tree.
enum TreeRendering {
  /// One line per reducer, indented two spaces per level, each with where it is written:
  /// ```
  /// AppFeature at App/AppFeature.swift:47
  ///   Scope(list) at App/AppFeature.swift:48  state list, action .list → ListFeature
  ///     ListFeature at App/ListFeature.swift:93  dependencies: apiClient, warnings
  /// ```
  static func text(_ tree: ReducerTree) -> String {
    var lines: [String] = []
    tree.walk { node, above in
      lines.append(String(repeating: "  ", count: above.count) + line(node))
    }
    return lines.joined(separator: "\n")
  }

  /// The line of one reducer: its label and where it is written, and what it routes to or
  /// what it declares.
  private static func line(_ tree: ReducerTree) -> String {
    let node = tree.node
    switch node.kind {
    case .feature:
      var line = node.locatedLabel
      if !tree.dependencies.isEmpty {
        line += "  dependencies: " + tree.dependencies.joined(separator: ", ")
      }
      if tree.isRecursive { line += "  (contains itself: its reducers are shown above)" }
      return line
    case .reduce, .binding:
      return node.locatedLabel
    case .scope, .ifLet, .ifCaseLet, .presentation, .forEach, .stack:
      let kind = node.kind == .presentation ? " presentation" : node.kind == .stack ? " stack" : ""
      return "\(node.located(node.label + kind))  state \(node.statePath ?? "?"), action "
        + ".\(node.actionCase ?? "?") → \(TypeName.of(node.reducerType))"
    }
  }

  /// A Mermaid flowchart with one node per feature (labelled with the dependencies it
  /// declares) and an edge from each feature to the features it contains, labelled with the
  /// state path that reaches them.
  static func mermaid(_ tree: ReducerTree) -> String {
    var nodes: [String] = []
    var declared: Set<String> = []
    var edges: [String] = []
    var drawn: Set<String> = []
    tree.walk { node, above in
      guard node.node.kind == .feature else { return }
      let name = node.node.label
      if declared.insert(name).inserted {
        let dependencies = node.dependencies.isEmpty
          ? "" : "<br/>" + node.dependencies.joined(separator: ", ")
        nodes.append("  \(identifier(name))[\"\(name)\(dependencies)\"]")
      }
      guard let parentIndex = above.lastIndex(where: { $0.node.kind == .feature }) else { return }
      let parent = above[parentIndex]
      let route = above[(parentIndex + 1)...].last(where: { $0.node.statePath != nil })?
        .node.statePath
      let arrow = route.map { " -->|\($0)| " } ?? " --> "
      let edge = "  " + identifier(parent.node.label) + arrow + identifier(name)
      if drawn.insert(edge).inserted { edges.append(edge) }
    }
    return (["flowchart TD"] + nodes + edges).joined(separator: "\n")
  }

  /// A Mermaid node id for a type name: its letters and digits, `_` for anything else.
  private static func identifier(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  /// The tree as one JSON object per reducer, children nested.
  static func json(_ tree: ReducerTree) -> JSONValue {
    let node = tree.node
    var members: [JSONValue.Member] = [
      .init("kind", .string(node.kind.rawValue)), .init("label", .string(node.label)),
    ]
    if let source = node.source { members.append(.init("source", .string(source.description))) }
    if let statePath = node.statePath { members.append(.init("statePath", .string(statePath))) }
    if let actionCase = node.actionCase {
      members.append(.init("actionCase", .string(actionCase)))
    }
    switch node.kind {
    case .feature:
      members.append(.init("feature", .string(node.label)))
      members.append(.init("dependencies", .array(tree.dependencies.map { .string($0) })))
      if tree.isRecursive { members.append(.init("containsItself", .bool(true))) }
    case .scope, .ifLet, .ifCaseLet, .presentation, .forEach, .stack:
      members.append(.init("child", .string(TypeName.of(node.reducerType))))
    case .reduce, .binding:
      break
    }
    members.append(.init("children", .array(tree.children.map(json))))
    return .object(members)
  }
}
