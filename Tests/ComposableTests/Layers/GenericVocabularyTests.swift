import Foundation
import Testing

/// The generic modules name no app: not a Pokémon, the Pokédex or its files, not even in a doc
/// comment (examples use a counter or a todo list); the architecture names no REPL or data
/// directory either. The compiler keeps their imports apart; this keeps their words apart.
@Suite struct GenericVocabularyTests {
  /// The package's folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The modules any app on the architecture can use.
  static let genericModules = [
    "Composable", "StoreInspector", "ComposableInspection", "DexREPLCore", "DexPlatform",
  ]

  /// Each Swift file of `module` (its path under Sources) with its text.
  static func sources(of module: String) throws -> [(path: String, text: String)] {
    let folder = root.appendingPathComponent("Sources/\(module)")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    return try files.map { file in
      (
        "Sources/\(module)/\(file)",
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      )
    }
  }

  /// Every Pokémon's API and display name in the bundled data, lowercased (`mr-mime`,
  /// `mr. mime`).
  static func pokemonNames() throws -> Set<String> {
    struct Entry: Decodable {
      let name: String
      let displayName: String
    }
    let data = try Data(
      contentsOf: root.appendingPathComponent("Sources/PokedexCore/Resources/pokedex.json"))
    let entries = try JSONDecoder().decode([Entry].self, from: data)
    return Set(entries.flatMap { [$0.name.lowercased(), $0.displayName.lowercased()] })
  }

  @Test func noSourceOfComposableNamesTheAppTheREPLOrADataDirectory() throws {
    let files = try Self.sources(of: "Composable")
    #expect(files.count > 40)
    let words = [#"\brepl\b"#, "dex_data_dir", "data director"]
    for (path, text) in files {
      for word in words {
        let found = text.range(of: word, options: [.regularExpression, .caseInsensitive])
        #expect(found == nil, "\(path) names '\(found.map { String(text[$0]) } ?? "")'")
      }
    }
  }

  @Test func noGenericModuleNamesThePokedexAPokemonOrItsFiles() throws {
    let names = try Self.pokemonNames()
    #expect(names.contains("pikachu") && names.contains("mr. mime"))
    // A name of one word is looked up among the file's words; the rest ("mr. mime", "ho-oh")
    // are searched as text in the files that have their first word.
    let phrases = Dictionary(
      grouping: names.filter { $0.contains { !$0.isLetter } },
      by: { String($0.prefix { $0.isLetter }) })
    let words = [#"pok[eé]mon"#, #"pok[eé]dex"#, #"favorites\.json"#]
    for module in Self.genericModules {
      let files = try Self.sources(of: module)
      #expect(!files.isEmpty, "Sources/\(module) has no Swift file")
      for (path, text) in files {
        for word in words {
          let found = text.range(of: word, options: [.regularExpression, .caseInsensitive])
          #expect(found == nil, "\(path) names '\(found.map { String(text[$0]) } ?? "")'")
        }
        let lowercased = text.lowercased()
        let fileWords = Set(lowercased.split { !$0.isLetter }.map(String.init))
        let candidates = fileWords.flatMap { phrases[$0] ?? [] }
        let named = fileWords.intersection(names).union(candidates.filter(lowercased.contains))
        #expect(named.isEmpty, "\(path) names the Pokémon \(named.sorted())")
      }
    }
  }

  /// The Pokédex's own cases and paths that an example in a generic module might borrow; the
  /// generic modules use neutral ones (`.items(.loaded)`, `items.count == 3`) and an app gives
  /// its own through `REPLApp` for the words users see.
  static let pokedexExampleWords = ["pageLoaded", "rowTapped", "favoriteTapped", "favorites"]

  @Test func noGenericModuleBorrowsAPokedexCaseAsAnExample() throws {
    for module in Self.genericModules {
      for (path, text) in try Self.sources(of: module) {
        for word in Self.pokedexExampleWords {
          let found = text.range(of: #"\b\#(word)\b"#, options: .regularExpression)
          let line = found.map { text[..<$0.lowerBound].count { $0 == "\n" } + 1 }
          #expect(found == nil, "\(path):\(line ?? 0) names the Pokédex's '\(word)'")
        }
      }
    }
  }
}
