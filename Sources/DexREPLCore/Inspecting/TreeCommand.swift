import Composable
import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// `tree`: the reducer tree of the app's features, as text or a Mermaid flowchart.
  static var tree: REPLCommand {
    REPLCommand(
      name: "tree", synopsis: "tree [--mermaid] [PATH]",
      summary: "the reducer tree of the app's features, as text or a Mermaid flowchart",
      details: """
        Read from the reducers themselves: one line per reducer, indented under the one that
        runs it, with its kind (a feature, Scope, ifLet, presentation, forEach, Reduce,
        BindingReducer), the state path and action case that reach a child, the child's feature,
        and the dependencies each feature declares with @Dependency. 'tree PATH' prints the
        subtree at a state path ('tree' shows the paths) or of a feature named by its type.
        --mermaid writes a Mermaid flowchart instead: one node per feature, an edge from each
        feature to those it contains, labelled with the state path: tree --mermaid > app.mmd.
        """,
      acceptsArguments: true,
      section: .inspecting, changesTheApp: false,
      complete: { completer, place in completer.treeArgument(place) }
    ) { repl, call throws(REPLError) in try repl.tree(call) }
  }
}

// MARK: - Running them

extension REPL {
  /// `tree [--mermaid] [PATH]`: the root feature's reducer tree, or the subtree reached through
  /// the state path PATH (`list`, `list.destination.detail`, `team.members`) or named by a
  /// feature (`SearchFeature`).
  func tree(_ call: CommandCall) throws(REPLError) {
    var words = call.arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    let mermaid = words.contains("--mermaid")
    words.removeAll { $0 == "--mermaid" }
    guard words.first?.hasPrefix("-") != true else {
      throw call.refusal(.notAnOption(words[0], of: "tree"))
    }
    let whole = ReducerTree.of(App.makeFeature())
    var tree = whole
    if !words.isEmpty {
      let path = Self.reducerPath(words.joined(separator: " "))
      guard let found = Self.subtree(of: whole, at: path) else {
        throw .failed(.noReducer(path: path))
      }
      tree = found
    }
    let text = mermaid ? TreeRendering.mermaid(tree) : TreeRendering.text(tree)
    var members: [JSONValue.Member] = [.init("tree", TreeRendering.json(tree))]
    if mermaid { members.append(.init("mermaid", .string(text))) }
    console.page(OutputItem(type: "tree", text: text, members: members))
  }

  /// A state path as the reducers route it: an element (`team.members[0]`, `[id: 1]`) is its
  /// collection's, and `presented` (the action spelling) is left out.
  static func reducerPath(_ text: String) -> String {
    var path = ""
    var depth = 0
    for character in text {
      switch character {
      case "[": depth += 1
      case "]": depth = max(0, depth - 1)
      default: if depth == 0 { path.append(character) }
      }
    }
    return path.split(separator: ".").filter { $0 != "presented" }.joined(separator: ".")
  }

  /// The reducer `path` reaches from the root: the state paths of the reducers that route to a
  /// child, joined with dots (the first such reducer reaching it), or a feature's name.
  static func subtree(of tree: ReducerTree, at path: String) -> ReducerTree? {
    var found: ReducerTree?
    tree.walk { node, above in
      guard found == nil else { return }
      if node.node.kind == .feature, node.node.label == path {
        found = node
        return
      }
      guard node.node.statePath != nil else { return }
      let route = (above + [node]).compactMap(\.node.statePath).joined(separator: ".")
      if route == path { found = node }
    }
    return found
  }
}

// MARK: - Completing it

extension Completer {
  /// `tree`'s option, or the one path.
  func treeArgument(_ place: CompletionPlace) -> [String] {
    if place.word.hasPrefix("-") { return options(["--mermaid"], place) }
    appendsSpace = false
    let hasPath = place.wordsBefore.contains { !$0.hasPrefix("--") && $0 != "tree" }
    return hasPath ? [] : statePaths(place.word)
  }
}
