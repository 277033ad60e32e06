import Composable
import DexTesting
import Foundation
import PokedexCore
import Testing

@Suite(.isolatedSharedState) struct PokemonDetailFeatureTests {
  @Test func appearingLoadsTheExtraDataOnce() async throws {
    let pikachu = Fixtures.pokemon(25)
    let detail = try await PokemonClient.bundled().detail(id: 25)
    let store = TestStore(initialState: PokemonDetailFeature.State(pokemon: pikachu)) {
      PokemonDetailFeature()
    } withDependencies: {
      $0.pokemonClient = .bundled()
    }
    await store.send(.onAppear) { $0.extra = .loading }
    await store.receive(.extraLoaded(.success(detail))) { $0.extra = .loaded(detail) }
    // Loaded already: appearing again loads nothing.
    await store.send(.onAppear)
  }

  @Test func aFailedLoadShowsTheError() async {
    let store = TestStore(initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(4))) {
      PokemonDetailFeature()
    } withDependencies: {
      $0.pokemonClient = .failing(Fixtures.offline)
    }
    await store.send(.onAppear) { $0.extra = .loading }
    await store.receive(.extraLoaded(.failure(Fixtures.offline))) { $0.extra = .failed(Fixtures.offline) }
  }

  @Test func theStarTogglesTheSharedFavorite() async {
    let store = TestStore(initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(25))) {
      PokemonDetailFeature()
    }
    await store.send(.favoriteTapped) { $0.$favorites.withLock { $0 = [25] } }
    #expect(store.state.isFavorite)
    await store.send(.favoriteTapped) { $0.$favorites.withLock { $0 = [] } }
    #expect(!store.state.isFavorite)
  }

  @Test func addToTeamChangesNothingHereTheAppForwardsIt() async {
    let store = TestStore(initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(7))) {
      PokemonDetailFeature()
    }
    await store.send(.addToTeamTapped)
  }
}
