import Foundation
import Testing

/// `trace`, `step`, `tree` and `effects` through the real `dex` name where each reducer is
/// written (`Reduce at PokedexCore/PokemonListFeature.swift:97`), and that line of the sources
/// writes it.
@Suite struct ReducerSourceLineTests {
  static let session = """
    clock manual
    send .list(.search(.queryChanged("pi")))
    effects
    trace 1
    tree
    step .list(.onAppear)
    next
    abort

    """

  @Test func everyReducerTheCommandsNameCarriesTheLineThatWritesIt() async throws {
    let result = try await DexProcess.run(input: Self.session)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    let lines = output.split(separator: "\n").map(String.init)

    let effect = try #require(lines.first { $0.hasPrefix("e1  started by #1 in ") })
    #expect(
      effect.contains(
        "› Scope(search) › SearchFeature › Reduce at PokedexCore/SearchFeature.swift:"))

    let trace = lines.drop { !$0.hasPrefix("trace #1 ") }.prefix { !$0.hasPrefix("changed by:") }
    let reducerLines = trace.dropFirst().filter {
      let text = $0.trimmingCharacters(in: .whitespaces)
      return !$0.hasPrefix("      ") && !text.hasPrefix("changed ") && !text.hasPrefix("effects:")
    }
    #expect(reducerLines.first?.hasPrefix("AppFeature at PokedexCore/AppFeature.swift:") == true)
    #expect(
      reducerLines.contains {
        $0.hasPrefix("  Scope(list) at PokedexCore/AppFeature.swift:")
          && $0.contains(" › PokemonListFeature at PokedexCore/PokemonListFeature.swift:")
      })
    for line in reducerLines {
      #expect(line.contains(" at PokedexCore/"), "every reducer of the trace: \(line)")
    }
    let changedBy = try #require(lines.first { $0.hasPrefix("changed by: ") })
    #expect(changedBy.contains("› SearchFeature › Reduce at PokedexCore/SearchFeature.swift:"))

    // The tree's root comes after the trace's.
    let treeStart = try #require(lines.lastIndex { $0.hasPrefix("AppFeature at ") })
    let tree = lines[treeStart...].prefix { !$0.hasPrefix("step ") }
    #expect(tree.count > 30)
    for line in tree {
      #expect(line.contains(" at PokedexCore/"), "every reducer of the tree: \(line)")
    }
    #expect(
      tree.contains {
        $0.hasPrefix("      ifLet(destination) presentation at "
          + "PokedexCore/PokemonListFeature.swift:")
      })

    #expect(
      lines.contains {
        $0.hasPrefix(
          "step 1 of 2: AppFeature › Scope(list) › PokemonListFeature › Reduce at "
            + "PokedexCore/PokemonListFeature.swift:")
      })
    #expect(lines.contains { $0.hasPrefix("step 2 of 2: AppFeature › Reduce at PokedexCore/AppFeature.swift:") })

    let checked = try ReducerSources.check(output)
    #expect(checked >= 40, "each cited line checked against the sources")
  }

  @Test func jsonGivesEachReducerItsSource() async throws {
    let result = try await DexProcess.run(
      ["--json"], input: "fav 25\ntrace 1\ntree favorites\n")
    #expect(result.status == 0, "\(result.standardError)")
    let objects = try result.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let trace = try #require(objects.first { $0["type"] as? String == "trace" })
    let reducers = try #require(trace["reducers"] as? [[String: Any]])
    #expect(!reducers.isEmpty)
    for reducer in reducers {
      let source = reducer["source"] as? String ?? ""
      #expect(source.wholeMatch(of: /PokedexCore\/[A-Za-z]+\.swift:\d+/) != nil, "\(reducer)")
    }
    let tree = try #require(objects.first { $0["type"] as? String == "tree" })
    let root = try #require(tree["tree"] as? [String: Any])
    #expect((root["source"] as? String)?.hasPrefix("PokedexCore/AppFeature.swift:") == true)
  }
}
