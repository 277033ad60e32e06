import Foundation
import PokedexCore
import Composable

/// Pokémon and pages from the bundled dataset, for expectations.
enum Fixtures {
  /// A page of `limit` Pokémon (the `pageSize` setting's default) from `offset`.
  static func page(_ offset: Int, limit: Int = 20) -> PokemonPage {
    (try? Pokedex.shared.page(offset: offset, limit: limit))
      ?? PokemonPage(offset: offset, items: [], totalCount: 0)
  }

  static func pokemon(_ id: Int) -> Pokemon {
    guard let pokemon = try? Pokedex.shared.pokemon(id: id) else {
      preconditionFailure("the bundled dataset has every id in 1…1025")
    }
    return pokemon
  }

  static let offline = DexError(kind: .network, message: "The network is offline.")
}
