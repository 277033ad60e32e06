import Composable
import DexTesting
import Foundation
import PokedexCore
import Testing

@Suite(.isolatedSharedState) struct FavoritesFeatureTests {
  @Test func tappingAStarAddsTheFavoriteAndTappingAgainRemovesIt() async {
    let store = TestStore(initialState: FavoritesFeature.State()) { FavoritesFeature() }
    await store.send(.favoriteTapped(id: 4)) { $0.$favorites.withLock { $0 = [4] } }
    await store.send(.favoriteTapped(id: 25)) { $0.$favorites.withLock { $0 = [4, 25] } }
    #expect(store.state.favoritePokemon.map(\.displayName) == ["Charmander", "Pikachu"])
    await store.send(.favoriteTapped(id: 4)) { $0.$favorites.withLock { $0 = [25] } }
  }

  @Test func anUnknownIDWarnsAndChangesNothing() async {
    let warnings = Recorder()
    let store = TestStore(initialState: FavoritesFeature.State()) {
      FavoritesFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.favoriteTapped(id: 1026))
    #expect(warnings.all == ["There is no Pokémon with id 1026 (ids are 1…1025). Nothing changed."])
  }
}
