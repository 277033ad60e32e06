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

  @Test func releasingAFavoriteAsksThenSendsItsTap() async {
    let store = TestStore(initialState: FavoritesFeature.State()) { FavoritesFeature() }
    await store.send(.favoriteTapped(id: 25)) { $0.$favorites.withLock { $0 = [25] } }
    await store.send(.releaseTapped(id: 25)) {
      $0.alert = AlertState {
        TextState("Release Pikachu?")
      } actions: {
        ButtonState(role: .destructive, action: .releaseConfirmed(id: 25)) { TextState("Release") }
        ButtonState(role: .cancel) { TextState("Keep") }
      } message: {
        TextState("Pikachu stops being a favorite.")
      }
    }
    await store.send(.alert(.presented(.releaseConfirmed(id: 25)))) { $0.alert = nil }
    await store.receive(.favoriteTapped(id: 25)) { $0.$favorites.withLock { $0 = [] } }
  }

  @Test func keepingAFavoriteClosesTheAlertAndChangesNothing() async {
    let store = TestStore(initialState: FavoritesFeature.State()) { FavoritesFeature() }
    await store.send(.favoriteTapped(id: 4)) { $0.$favorites.withLock { $0 = [4] } }
    await store.send(.releaseTapped(id: 4)) { $0.alert = FavoritesFeature.releaseAlert(id: 4) }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func aReleaseConfirmedAfterTheFavoriteWentSendsNothing() async {
    let store = TestStore(initialState: FavoritesFeature.State()) { FavoritesFeature() }
    await store.send(.favoriteTapped(id: 4)) { $0.$favorites.withLock { $0 = [4] } }
    await store.send(.releaseTapped(id: 4)) { $0.alert = FavoritesFeature.releaseAlert(id: 4) }
    store.changeShared { store.state.$favorites.withLock { $0 = [] } }
    await store.send(.alert(.presented(.releaseConfirmed(id: 4)))) { $0.alert = nil }
  }

  @Test func tappingAwayAFavoriteWhileItsAlertShowsClosesTheAlert() async {
    let store = TestStore(initialState: FavoritesFeature.State()) { FavoritesFeature() }
    await store.send(.favoriteTapped(id: 4)) { $0.$favorites.withLock { $0 = [4] } }
    await store.send(.favoriteTapped(id: 7)) { $0.$favorites.withLock { $0 = [4, 7] } }
    await store.send(.releaseTapped(id: 4)) { $0.alert = FavoritesFeature.releaseAlert(id: 4) }
    // Another favorite going leaves the alert; the one it asks about going closes it.
    await store.send(.favoriteTapped(id: 7)) { $0.$favorites.withLock { $0 = [4] } }
    await store.send(.favoriteTapped(id: 4)) {
      $0.$favorites.withLock { $0 = [] }
      $0.alert = nil
    }
  }

  @Test func releasingAPokemonThatIsNotAFavoriteWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: FavoritesFeature.State()) {
      FavoritesFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.releaseTapped(id: 7))
    #expect(warnings.all == ["Squirtle is not a favorite. Nothing changed."])
  }
}
