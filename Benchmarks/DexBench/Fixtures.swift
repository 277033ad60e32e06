import Foundation
import PokedexCore
import Composable

/// States the rows measure.
enum Fixtures {
  /// Every Pokémon of the bundled dataset.
  static let pokedex: [Pokemon] = (try? Pokedex.shared.all()) ?? []

  /// The app with `count` rows loaded: the real 1,025 first, then synthetic ones.
  static func app(rows count: Int) -> AppFeature.State {
    var state = AppFeature.State()
    state.list.loadState = .loaded(rows(count))
    return state
  }

  static func rows(_ count: Int) -> [Pokemon] {
    (0..<count).map { index in
      if index < pokedex.count { return pokedex[index] }
      var pokemon = pokedex[index % pokedex.count]
      pokemon.id = index + 1
      pokemon.name += "-\(index + 1)"
      return pokemon
    }
  }
}
