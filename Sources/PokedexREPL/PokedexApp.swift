import Composable
import DexREPLCore
import Foundation
import PokedexCore
import StoreInspector

/// The Pokédex as dex explores it: the root `AppFeature`, the commands `fav`, `favs` and `find`,
/// the `pokemonClient` dependency with its launch options, and how the app reads on one line
/// and in a generated test. Everything Pokédex-specific the REPL knows is in this folder.
package enum PokedexApp: REPLApp {
  package static let subject = "the Pokédex store"

  package static func makeFeature() -> AppFeature { AppFeature() }

  package static func makeInitialState() -> AppFeature.State { AppFeature.State() }

  package static var commands: [AppCommand<PokedexApp>] { PokedexCommands.all }

  package static var dependencies: [DependencyOverride] { [PokemonSource.dependency] }

  package static var launchOptions: [LaunchOption] { PokemonSource.launchOptions }

  package static var helpExamples: [String: [String]] { PokedexHelpExamples.all }

  package static let actionPatternExample: String? = ".list(.pageLoaded)"

  package static let expectationExample: String? = "list.favorites == [25]"

  package static let dataDirectory = DataDirectorySetting(
    environmentVariable: "DEX_DATA_DIR", contents: "favorites and settings",
    defaultLocation: "$XDG_DATA_HOME/dex, else ~/.local/share/dex",
    use: { DataDirectory.use($0) },
    appStorageFile: { DataDirectory.url.appendingPathComponent("settings.json") })

  /// A page of Pokémon, a detail and an ability carried by a received action, shortened in
  /// transcripts.
  package static func abbreviation(of value: Any) -> String? {
    switch value {
    case let page as PokemonPage:
      let count = page.items.count
      return "PokemonPage(offset: \(page.offset), \(count) \(count == 1 ? "item" : "items"), totalCount: \(page.totalCount))"
    case let detail as PokemonDetail:
      return "PokemonDetail(id: \(detail.id), …)"
    case let ability as AbilityDetail:
      return "AbilityDetail(name: \(String(reflecting: ability.name)), \(ability.pokemon.count) Pokémon)"
    default:
      return nil
    }
  }

  /// Rows count as the screens show them: the team sorted, the list filtered by the search.
  package static func displayedRows(forActionPath path: String) -> String? {
    switch path {
    case "team.members": "team.displayedMembers"
    case "list.rowTapped", "list.rowAppeared": "list.visiblePokemon"
    default: nil
    }
  }

  /// Favorites that could not be written, as the toggles that would make them again.
  package static func lostChange(
    of key: SharedKeyID, from stored: any Sendable, to intended: any Sendable
  ) -> String? {
    guard let stored = stored as? Set<Int>, let intended = intended as? Set<Int> else { return nil }
    func toggle(_ id: Int, _ how: String) -> String {
      let name = (try? Pokedex.shared.pokemon(id: id))?.map(\.displayName)
      return "fav \(id) (\(name.map { "\($0), " } ?? "")\(how))"
    }
    let toggles =
      intended.subtracting(stored).sorted().map { toggle($0, "added") }
      + stored.subtracting(intended).sorted().map { toggle($0, "removed") }
    return "these toggles are lost: " + toggles.joined(separator: ", ")
  }

  package static var testSpelling: TestSpelling<AppFeature.State> {
    TestSpelling(
      imports: ["PokedexCore"], reducer: "AppFeature()",
      // The Pokémon client is written from its `dep` setting (`PokemonSource.swift`).
      dependencies: [],
      initialState: { state in
        state == AppFeature.State() ? "AppFeature.State()" : inspectorDump(state)
      },
      shared: { key in sharedNames[key.displayName] },
      assignment: assignment,
      payloadMember: { value, name in
        name == "loaded" && String(describing: type(of: value)).hasPrefix("LoadState<")
          ? ".value" : nil
      },
      abbreviation: bundledValue)
  }

  /// A page or a run of Pokémon exactly as the bundled data has them, as the Swift that makes
  /// them again (`PokemonPage.bundled(offset: 20, limit: 20)`, `Pokemon.bundled(ids: 1...20)`):
  /// a generated test of paging writes each page once, in a line.
  private static func bundledValue(_ value: Any) -> String? {
    switch value {
    case let page as PokemonPage:
      guard !page.items.isEmpty,
        page == PokemonPage.bundled(offset: page.offset, limit: page.items.count)
      else { return nil }
      return "PokemonPage.bundled(offset: \(page.offset), limit: \(page.items.count))"
    case let pokemon as [Pokemon]:
      guard let first = pokemon.first?.id, let last = pokemon.last?.id, first <= last,
        pokemon.map(\.id) == Array(first...last), pokemon == Pokemon.bundled(ids: first...last)
      else { return nil }
      return "Pokemon.bundled(ids: \(first)...\(last))"
    default:
      return nil
    }
  }

  /// The app's shared values as a test names them.
  private static let sharedNames = [
    "favorites.json": "Shared(.favorites)", "appStorage:pageSize": "Shared(.pageSize)",
    "appStorage:showsOnlyFavorites": "Shared(.showsOnlyFavorites)",
    "appStorage:defaultLevel": "Shared(.defaultLevel)", "inMemory:downloads": "Shared(.downloads)",
  ]

  /// Derived values need no assignment; a presented state is built with the shared values of
  /// its presenter, which its initializer does not take as values (shared values themselves are
  /// asserted through their owner's `Shared` by the REPL).
  private static func assignment(_ assignment: StateAssignment) -> String? {
    let fields = assignment.path.compactMap { component -> String? in
      if case let .field(name) = component { return name }
      return nil
    }
    let derived: Set<String> = [
      "visiblePokemon", "favoritePokemon", "displayedMembers", "countsByType", "countsByGeneration",
    ]
    if fields.contains(where: derived.contains) { return "" }
    // A detail's favorites are shared, not part of its initializer; an editor edits the team's
    // trainer's name and badges.
    let value = assignment.value
      .replacingOccurrences(
        of: #", favorites: \[[0-9, ]*\]"#, with: "", options: .regularExpression)
      .replacingOccurrences(
        of: #"^TrainerEditorFeature\.State\(name: ".*", badges: \[.*\]\)$"#,
        with: #"TrainerEditorFeature.State(name: \$0.team.\$trainer.name, "#
          + #"badges: \$0.team.\$trainer.badges)"#,
        options: .regularExpression)
    return value == assignment.value ? nil : "$0\(assignment.target) = \(value)"
  }
}
