import Composable
import DexREPLCore
import PokedexCore
import StoreInspector

/// The commands the Pokédex adds to the REPL: `fav`, `favs` and `find`.
enum PokedexCommands {
  static var all: [AppCommand<PokedexApp>] { [fav, favs, find] }

  static var fav: AppCommand<PokedexApp> {
    AppCommand(
    name: "fav", synopsis: "fav ID|NAME",
    summary: "toggle a favorite (sends .favorites(.favoriteTapped(id:)))",
    details: """
      NAME is the API name or the display name, in any case: 'fav 25', 'fav pikachu',
      'fav "Mr. Mime"'. Prints exactly what 'send' prints. An id no Pokémon has that is in
      favorites.json (written by hand) is removed by 'fav ID'.
      """,
    run: { repl, arguments throws(REPLError) in
      try repl.session.refuseWhileHolding(command: "fav")
      let id: Int
      do throws(REPLError) {
        id = try resolvePokemon(arguments, command: "fav").id
      } catch {
        // An id no Pokémon has is looked for among the favorites (the whole state is read
        // only then).
        guard let typed = Int(arguments.trimmingWhitespace()),
          repl.session.store.state.favorites.favorites.contains(typed)
        else { throw error }
        id = typed
      }
      repl.session.send(.favorites(.favoriteTapped(id: id)))
    },
    complete: { _, argument in pokemonNames(completing: argument) })
  }

  static var favs: AppCommand<PokedexApp> {
    AppCommand(
    name: "favs", synopsis: "favs", summary: "the favorites, with id and name",
    details: "Lists the favorite Pokémon in id order.", acceptsArguments: false,
    run: { repl, _ throws(REPLError) in
      let favorites = repl.session.store.state.favorites.favorites.sorted().map { id in
        (id: id, name: (try? Pokedex.shared.pokemon(id: id))?.map(\.displayName))
      }
      let text =
        favorites.isEmpty
        ? "No favorites yet. Toggle one with 'fav NAME'."
        : favorites.map { "\($0.id) \($0.name ?? "(no Pokémon has this id; 'fav \($0.id)' removes it)")" }
          .joined(separator: "\n")
      let json = favorites.map { favorite -> JSONValue in
        .object([
          .init("id", .number(favorite.id)),
          .init("name", favorite.name.map { .string($0) } ?? .null),
        ])
      }
      repl.console.write(
        OutputItem(type: "favorites", text: text, members: [.init("favorites", .array(json))]))
    })
  }

  static var find: AppCommand<PokedexApp> {
    AppCommand(
    name: "find", synopsis: "find TEXT", summary: "Pokémon whose name contains TEXT",
    details: "Searches API and display names, in any case: 'find char'.",
    run: { repl, arguments throws(REPLError) in
      let text = arguments.trimmingWhitespace()
      guard !text.isEmpty else {
        throw .badArguments(command: "find", problem: .described("some text is needed"), synopsis: synopsis(of: "find"))
      }
      let found: [Pokemon]
      do {
        found = try Pokedex.shared.search(text)
      } catch {
        throw .failed(.app(Problem("the Pokédex could not be read", reason: "\(error)")))
      }
      guard !found.isEmpty else {
        repl.console.print("No Pokémon's name contains '\(text)'.")
        return
      }
      for pokemon in found {
        repl.console.print("\(pokemon.id) \(pokemon.displayName) (\(pokemon.types.joined(separator: ", ")))")
      }
    },
    complete: { _, argument in pokemonNames(completing: argument) })
  }

  /// How the command `name` is written, from the command table.
  static func synopsis(of name: String) -> String {
    CommandTable<PokedexApp>.command(named: name)?.synopsis ?? name
  }

  /// The names that complete `argument`: the display names that start with it in any case, the
  /// rest of each written as `favs` prints it after what was typed (`mr` → `mr. Mime`, `Mr` →
  /// `Mr. Mime`); after an opening quote, closed (`"Mr` → `"Mr. Mime"`). An API name still
  /// completes itself (`mr-` → `mr-mime`).
  static func pokemonNames(completing argument: String) -> [String] {
    let isQuoted = argument.hasPrefix("\"")
    let typed = isQuoted ? String(argument.dropFirst()) : argument
    guard let all = try? Pokedex.shared.all() else { return [] }
    return all.compactMap { pokemon -> String? in
      if pokemon.displayName.lowercased().hasPrefix(typed.lowercased()) {
        let name = typed + pokemon.displayName.dropFirst(typed.count)
        return isQuoted ? "\"" + name + "\"" : name
      }
      return pokemon.name.hasPrefix(typed) ? argument.prefix(isQuoted ? 1 : 0) + pokemon.name : nil
    }
  }

  /// The Pokémon `text` names: an id, an API name or a display name in any case (quotes
  /// optional).
  static func resolvePokemon(_ text: String, command: String) throws(REPLError) -> Pokemon {
    var name = text.trimmingWhitespace()
    if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
      name = String(name.dropFirst().dropLast())
    }
    guard !name.isEmpty else {
      throw .badArguments(
        command: command, problem: .described("a Pokémon id or name is needed"), synopsis: synopsis(of: command))
    }
    do {
      if let id = Int(name) {
        guard let pokemon = try Pokedex.shared.pokemon(id: id) else {
          throw REPLError.failed(.app(Problem("there is no Pokémon with id \(id) (ids are 1…1025).")))
        }
        return pokemon
      }
      if let pokemon = try Pokedex.shared.pokemon(named: name) { return pokemon }
      let suggestions = try Pokedex.shared.search(name).prefix(3).map(\.displayName)
      throw REPLError.failed(
        .app(
          Problem(
            "no Pokémon is called '\(name)'.",
            hint: suggestions.isEmpty
              ? "Try 'find TEXT'."
              : "Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?")))
    } catch let error as REPLError {
      throw error
    } catch {
      throw .failed(.app(Problem("the Pokédex could not be read", reason: "\(error)")))
    }
  }
}
