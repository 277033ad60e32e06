extension PokemonPage {
  /// The page the bundled client answers for `offset` and `limit`, as generated tests write a
  /// loaded page: `.pageLoaded(.success(.bundled(offset: 20, limit: 20)))`. Empty when the
  /// bundled data cannot be read, so an assertion on it fails rather than the test trapping.
  public static func bundled(offset: Int, limit: Int) -> PokemonPage {
    (try? Pokedex.shared.page(offset: offset, limit: limit))
      ?? PokemonPage(offset: offset, items: [], totalCount: 0)
  }
}

extension Pokemon {
  /// The bundled Pokémon with `ids`, in order, as generated tests write a run of loaded ones:
  /// `$0.list.loadState.value?.append(contentsOf: Pokemon.bundled(ids: 21...40))`. Ids the
  /// bundled data lacks are left out.
  public static func bundled(ids: ClosedRange<Int>) -> [Pokemon] {
    ids.compactMap { id in (try? Pokedex.shared.pokemon(id: id)) ?? nil }
  }
}
