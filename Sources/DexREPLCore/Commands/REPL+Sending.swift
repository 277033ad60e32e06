import PokedexCore
import StoreInspector
import Composable

// send, fav, favs, find: acting on the app and looking Pokémon up.
extension REPL {
  func send(_ arguments: String) throws(REPLError) {
    session.send(try ActionParser.parse(arguments))
  }

  func fav(_ arguments: String) throws(REPLError) {
    // An id no Pokémon has may be in favorites.json (written by hand): 'fav ID' removes it.
    if let id = Int(arguments.trimmingWhitespace()),
      session.store.state.favorites.favorites.contains(id),
      (try? Pokedex.shared.pokemon(id: id)) == nil
    {
      session.send(.favorites(.favoriteTapped(id: id)))
      return
    }
    let pokemon = try resolvePokemon(arguments, command: "fav", synopsis: "fav ID|NAME")
    session.send(.favorites(.favoriteTapped(id: pokemon.id)))
  }

  func favs() {
    let favorites = session.store.state.favorites.favorites.sorted().map { id in
      (id: id, name: (try? Pokedex.shared.pokemon(id: id))?.map(\.displayName))
    }
    let text =
      favorites.isEmpty
      ? "No favorites yet. Toggle one with 'fav NAME'."
      : favorites.map { "\($0.id) \($0.name ?? "(no Pokémon has this id; 'fav \($0.id)' removes it)")" }
        .joined(separator: "\n")
    let json = favorites.map { favorite -> JSONValue in
      .object([.init("id", .number(favorite.id)), .init("name", favorite.name.map { .string($0) } ?? .null)])
    }
    session.command {
      session.emit(OutputItem(type: "favorites", text: text, members: [.init("favorites", .array(json))]))
    }
  }

  func find(_ arguments: String) throws(REPLError) {
    let text = arguments.trimmingWhitespace()
    guard !text.isEmpty else {
      throw .badArguments(command: "find", problem: "some text is needed", synopsis: "find TEXT")
    }
    let found: [Pokemon]
    do {
      found = try Pokedex.shared.search(text)
    } catch {
      throw .failed("the Pokédex could not be read: \(error)")
    }
    session.command {
      guard !found.isEmpty else {
        print("No Pokémon's name contains '\(text)'.")
        return
      }
      for pokemon in found {
        print("\(pokemon.id) \(pokemon.name) (\(pokemon.types.joined(separator: ", ")))")
      }
    }
  }

  /// The Pokémon `text` names: an id, an API name or a display name in any case (quotes
  /// optional).
  func resolvePokemon(_ text: String, command: String, synopsis: String) throws(REPLError) -> Pokemon {
    var name = text.trimmingWhitespace()
    if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
      name = String(name.dropFirst().dropLast())
    }
    guard !name.isEmpty else {
      throw .badArguments(command: command, problem: "a Pokémon id or name is needed", synopsis: synopsis)
    }
    do {
      if let id = Int(name) {
        guard let pokemon = try Pokedex.shared.pokemon(id: id) else {
          throw REPLError.failed("there is no Pokémon with id \(id) (ids are 1…1025).")
        }
        return pokemon
      }
      if let pokemon = try Pokedex.shared.pokemon(named: name) { return pokemon }
      let suggestions = try Pokedex.shared.search(name).prefix(3).map(\.name)
      throw REPLError.failed(
        "no Pokémon is called '\(name)'."
          + (suggestions.isEmpty ? " Try 'find TEXT'." : " Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"))
    } catch let error as REPLError {
      throw error
    } catch {
      throw .failed("the Pokédex could not be read: \(error)")
    }
  }
}
