import Composable
import PokedexCore
import Testing

/// Favorites from outside the app may hold only ids of the Pokédex.
@Suite struct FavoritesKeyTests {
  @Test func favoritesRefuseTheFirstIdThatIsNoPokemon() {
    let favorites = FileStorageKey<Set<Int>>.Default.favorites
    #expect(favorites.refusal(of: [1, 25, 1025]) == nil)
    #expect(
      favorites.refusal(of: [25, 2000, 1026, .max])
        == "there is no Pokémon with id 1026 in the Pokédex")
  }
}
