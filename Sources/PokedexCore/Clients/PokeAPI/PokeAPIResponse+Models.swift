import Composable

extension PokeAPIResponse.Pokemon {
  /// The list's `Pokemon`. PokeAPI's `/pokemon/{id}` has no English name, genus, Pokédex entry or
  /// generation: the English name comes from the bundled entry with the same id and name, else
  /// from the API name (`charizard-mega-x` → `Charizard Mega X`); the others come from the
  /// bundled entry of the species, else 0 and empty text.
  func pokemon(in pokedex: Pokedex) -> PokedexCore.Pokemon {
    let species = speciesEntry(in: pokedex)
    return PokedexCore.Pokemon(
      id: id,
      name: name,
      displayName: displayName(in: pokedex),
      types: types,
      height: height,
      weight: weight,
      stats: stats,
      abilities: abilities,
      generation: species?.generation ?? 0,
      genus: species?.genus ?? "",
      flavorText: species?.flavorText ?? ""
    )
  }

  /// The detail screen's `PokemonDetail`: legendary, mythical, colour and the Pokédex entry are
  /// species data, taken from the bundled entry of the species, else false, nil and empty text.
  func detail(in pokedex: Pokedex) -> PokemonDetail {
    let species = speciesEntry(in: pokedex)
    return PokemonDetail(
      id: id,
      baseExperience: baseExperience,
      isLegendary: species?.isLegendary ?? false,
      isMythical: species?.isMythical ?? false,
      color: species?.color,
      abilities: abilities,
      stats: stats,
      flavorText: species?.flavorText ?? "",
      spriteURL: frontSprite
    )
  }

  /// A bundled dataset that cannot be read only costs the extra fields, never the response.
  private func speciesEntry(in pokedex: Pokedex) -> PokedexEntry? {
    species.id.flatMap { try? pokedex.entry(id: $0) }
  }

  private func displayName(in pokedex: Pokedex) -> String {
    if let entry = try? pokedex.entry(id: id), entry.name == name {
      return entry.displayName
    }
    return name.split(separator: "-")
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }
}
