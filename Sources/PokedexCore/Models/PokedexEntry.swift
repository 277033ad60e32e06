import Composable

/// One object of the bundled `pokedex.json`, in the file's own shape (see the data README): the
/// list's `Pokemon` and the detail's `PokemonDetail` are both cut from it.

struct PokedexEntry: Decodable, Sendable {
  struct Ability: Decodable, Sendable {
    var name: String
    var hidden: Bool
  }

  var id: Int
  var name: String
  var displayName: String
  var types: [String]
  var height: Int
  var weight: Int
  var baseExperience: Int?
  var stats: PokemonStats
  var abilities: [Ability]
  var generation: Int
  var genus: String
  var flavorText: String
  var isLegendary: Bool
  var isMythical: Bool
  var color: String

  var pokemon: Pokemon {
    Pokemon(
      id: id,
      name: name,
      displayName: displayName,
      types: types,
      height: height,
      weight: weight,
      stats: stats,
      abilities: pokemonAbilities,
      generation: generation,
      genus: genus,
      flavorText: flavorText
    )
  }

  var detail: PokemonDetail {
    PokemonDetail(
      id: id,
      baseExperience: baseExperience,
      isLegendary: isLegendary,
      isMythical: isMythical,
      color: color,
      abilities: pokemonAbilities,
      stats: stats,
      flavorText: flavorText,
      spriteURL: Pokemon.spriteURL(id: id)
    )
  }

  private var pokemonAbilities: [PokemonAbility] {
    abilities.map { PokemonAbility(name: $0.name, isHidden: $0.hidden) }
  }
}
