import Foundation
import Testing

/// `tree` through the real `dex`: the Pokédex's reducer tree read from its reducers, a subtree,
/// the Mermaid chart README embeds, and JSON.
@Suite struct TreeCommandTests {
  /// The features of the app with the state path that reaches each.
  static let features: [(feature: String, path: String)] = [
    ("PokemonListFeature", "Scope(list)  state list, action .list"),
    ("SearchFeature", "Scope(search)  state search, action .search"),
    ("TypeFilterFeature", "Scope(filter)  state filter, action .filter"),
    ("PokemonDetailFeature", "Scope(detail)  state detail, action .detail"),
    ("PokemonDetailFeature.Path", "forEach(path) stack  state path, action .path"),
    ("AbilityFeature", "Scope(ability)  state ability, action .ability"),
    ("FavoritesFeature", "Scope(favorites)  state favorites, action .favorites"),
    ("TeamFeature", "Scope(team)  state team, action .team"),
    ("TeamMemberFeature", "forEach(members)  state members, action .members"),
    ("TrainerEditorFeature", "ifLet(editor) presentation  state editor, action .editor"),
    ("SettingsFeature", "Scope(settings)  state settings, action .settings"),
    ("StatsFeature", "Scope(stats)  state stats, action .stats"),
  ]

  @Test func treeListsEveryFeatureWithItsPathKindAndDependencies() async throws {
    let result = try await DexProcess.run(input: "tree\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n").map(String.init)
    #expect(lines.first == "AppFeature")
    for (feature, path) in Self.features {
      #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "\(path) → \(feature)" })
    }
    #expect(lines.contains("    PokemonListFeature  dependencies: pokemonClient, warnings"))
    #expect(lines.contains("        SearchFeature  dependencies: clock"))
    #expect(
      lines.contains(
        "      ifLet(destination) presentation  state destination, action .destination"
          + " → PokemonListFeature.Destination"))
    #expect(
      lines.contains("          BindingReducer"), "TeamMemberFeature's, under forEach(members)")
  }

  /// `Reduce { … }.forEach(\.members) { … }.ifLet(\.$editor) { … }`: each modifier holds only
  /// its child feature, and the `Reduce` they wrap is TeamFeature's own, their sibling.
  @Test func aModifiersParentReducerIsItsSiblingAfterIt() async throws {
    let result = try await DexProcess.run(input: "tree team\ntree team.members\n")
    #expect(
      ReducerSources.removed(from: result.standardOutput) == """
        Scope(team)  state team, action .team → TeamFeature
          TeamFeature  dependencies: uuid, warnings
            ifLet(editor) presentation  state editor, action .editor → TrainerEditorFeature
              TrainerEditorFeature  dependencies: dismiss, warnings
                Reduce
            forEach(members)  state members, action .members → TeamMemberFeature
              TeamMemberFeature  dependencies: warnings
                BindingReducer
                Reduce
            Reduce
        forEach(members)  state members, action .members → TeamMemberFeature
          TeamMemberFeature  dependencies: warnings
            BindingReducer
            Reduce

        """, "team.members reaches the forEach: it is not under ifLet(editor)")
  }

  @Test func treePathPrintsTheSubtreeAtAStatePathOrOfAFeature() async throws {
    let result = try await DexProcess.run(
      input: "tree list.destination.detail\ntree TypeFilterFeature\ntree list.nowhere\n")
    #expect(
      ReducerSources.removed(from: result.standardOutput) == """
        Scope(detail)  state detail, action .detail → PokemonDetailFeature
          PokemonDetailFeature  dependencies: warnings
            PokemonDetailFeature.Screen  dependencies: pokemonClient, dismiss
              Reduce
            forEach(path) stack  state path, action .path → PokemonDetailFeature.Path
              PokemonDetailFeature.Path
                Scope(ability)  state ability, action .ability → AbilityFeature
                  AbilityFeature  dependencies: pokemonClient, dismiss
                    Reduce
                Scope(detail)  state detail, action .detail → PokemonDetailFeature.Screen
                  PokemonDetailFeature.Screen  dependencies: pokemonClient, dismiss
                    Reduce
            Reduce
        TypeFilterFeature  dependencies: warnings
          Reduce

        """)
    #expect(
      result.standardError == """
        <stdin>:3: tree: no reducer is reached through 'list.nowhere'; 'tree' lists the state \
        paths of every feature.

        """)
  }

  @Test func treeMermaidIsAFlowchartWithOneNodePerFeatureAndReadmeEmbedsIt() async throws {
    let result = try await DexProcess.run(input: "tree --mermaid\n")
    #expect(result.status == 0, "\(result.standardError)")
    let chart = ReducerSources.removed(from: result.standardOutput)
    let lines = chart.split(separator: "\n").map(String.init)
    #expect(lines.first == "flowchart TD")
    let nodes = lines.filter { $0.contains("[\"") }
    let names =
      ["AppFeature", "PokemonListFeature_Destination", "PokemonDetailFeature_Screen"]
      + Self.features.map { $0.feature.replacingOccurrences(of: ".", with: "_") }
    #expect(Set(nodes.compactMap { $0.split(separator: "[").first.map(String.init) })
      == Set(names.map { "  " + $0 }))
    #expect(nodes.count == names.count)
    #expect(lines.contains("  AppFeature -->|list| PokemonListFeature"))
    #expect(lines.contains("  TeamFeature -->|members| TeamMemberFeature"))
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"),
      encoding: .utf8)
    let begin = "<!-- tree --mermaid: begin -->\n```mermaid\n"
    let end = "```\n<!-- tree --mermaid: end -->"
    let embedded = try #require(
      readme.range(of: begin).flatMap { start in
        readme.range(of: end, range: start.upperBound..<readme.endIndex).map {
          String(readme[start.upperBound..<$0.lowerBound])
        }
      })
    #expect(embedded == chart, "README's chart differs from 'tree --mermaid': paste its output")
  }

  @Test func treeJSONIsOneObjectWithTheNestedTree() async throws {
    let result = try await DexProcess.run(["--json"], input: "tree\ntree --mermaid stats\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n")
    #expect(lines.count == 2)
    let objects = try lines.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.allSatisfy { $0["type"] as? String == "tree" })
    let root = try #require(objects[0]["tree"] as? [String: Any])
    #expect(root["label"] as? String == "AppFeature")
    let list = try #require((root["children"] as? [[String: Any]])?.first)
    #expect(list["kind"] as? String == "scope")
    #expect(list["statePath"] as? String == "list")
    #expect(list["child"] as? String == "PokemonListFeature")
    let feature = try #require((list["children"] as? [[String: Any]])?.first)
    #expect(feature["dependencies"] as? [String] == ["pokemonClient", "warnings"])
    #expect(
      objects[1]["mermaid"] as? String
        == "flowchart TD\n  StatsFeature[\"StatsFeature\"]")
  }

  /// `tree` takes its option anywhere and the path spellings `state` takes: an element is its
  /// collection's, `presented` is left out.
  @Test func treeTakesTheOptionAnywhereAndThePathSpellingsStateTakes() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        tree list --mermaid
        tree team.members[0]
        tree team.members[id: 1]
        tree list.destination.presented.detail
        tree --bogus

        """)
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n")
    #expect(lines.first == "flowchart TD")
    #expect(
      lines.filter { $0.hasPrefix("forEach(members)") }.count == 2, "\(ReducerSources.removed(from: result.standardOutput))")
    #expect(lines.contains("Scope(detail)  state detail, action .detail → PokemonDetailFeature"))
    #expect(
      result.errorLines == [
        "<stdin>:5: tree: '--bogus' is not an option of tree. Usage: tree [--mermaid] [PATH]"
      ])
  }
}
