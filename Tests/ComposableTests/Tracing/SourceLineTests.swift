import Composable
import Foundation
import Testing

/// Every reducer of a tree names the line it is written on, captured where it is written: the
/// line of `Reduce {`, `Scope(`, `.ifLet(`, `.ifCaseLet(`, `.forEach(`, `BindingReducer()`, or a
/// feature's `var body`. Only a tree built for tracing reads it.
@Suite struct SourceLineTests {
  /// What the line a node names holds, by kind.
  static let written: [ReducerNode.Kind: String] = [
    .feature: "var body", .reduce: "Reduce {", .binding: "BindingReducer()", .scope: "Scope(",
    .ifLet: ".ifLet(", .ifCaseLet: ".ifCaseLet(", .presentation: ".ifLet(",
    .forEach: ".forEach(",
  ]

  /// The nodes of `tree`, depth first.
  private func nodes(_ tree: ReducerTree) -> [ReducerNode] {
    var nodes: [ReducerNode] = []
    tree.walk { tree, _ in nodes.append(tree.node) }
    return nodes
  }

  /// The lines of the file of this target that `fileID` names (`ComposableTests/X.swift`).
  private func lines(of fileID: String) throws -> [Substring] {
    let name = try #require(fileID.split(separator: "/").last)
    let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    let files = FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil)
    let file = try #require(
      files?.compactMap { $0 as? URL }.first { $0.lastPathComponent == name }, "\(fileID)")
    return try String(contentsOf: file, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test(arguments: [
    ("RosterFeature", ReducerTree.of(RosterFeature())),
    ("ScopeTests.Parent", ReducerTree.of(ScopeTests.Parent())),
    ("IfLetTests.Toggle", ReducerTree.of(IfLetTests.Toggle())),
    ("IfCaseLetTests.Siblings", ReducerTree.of(IfCaseLetTests.Siblings())),
  ])
  func everyReducerNamesTheLineItIsWrittenOn(name: String, tree: ReducerTree) throws {
    let nodes = nodes(tree)
    #expect(Set(nodes.map(\.kind)).count >= 3, "\(name) has reducers of several kinds")
    for node in nodes {
      let source = try #require(node.source, "\(name): \(node.label) knows where it is written")
      let lines = try lines(of: source.fileID.description)
      let index = Int(source.line) - 1
      try #require(lines.indices.contains(index), "\(source) is a line of its file")
      let expected = try #require(Self.written[node.kind])
      #expect(
        lines[index].contains(expected),
        "\(name): \(node.label) at \(source) is on a line with '\(expected)': \(lines[index])")
    }
  }

  @Test func aTracedReducerSaysWhereItIsWritten() {
    let line: UInt = #line + 1
    let reducer = Reduce<Int, Int> { state, action in
      state += action
      return .none
    }
    let node = ReducerTree.of(reducer).node
    #expect(node.source == SourceLine(fileID: #fileID, line: line))
    #expect(node.locatedLabel == "Reduce at ComposableTests/SourceLineTests.swift:\(line)")
  }

  @Test func aHandWrittenFeatureHasNoLineAndIsNamedAlone() {
    let node = ReducerNode(kind: .feature, reducerType: Int.self, isHandWritten: true)
    #expect(node.source == nil)
    #expect(node.locatedLabel == "Int")
  }
}
