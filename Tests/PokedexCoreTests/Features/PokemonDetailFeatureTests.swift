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

  // MARK: - Drilling down through abilities

  /// Bulbasaur's detail with the bundled client answering after `latency` on `clock`.
  private func bulbasaurStore(
    clock: ManualClock? = nil, latency: Duration? = nil, warnings: Recorder? = nil
  ) -> TestStore<PokemonDetailFeature.State, PokemonDetailFeature.Action> {
    TestStore(initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(1))) {
      PokemonDetailFeature()
    } withDependencies: {
      $0.pokemonClient = .bundled(latency: latency)
      if let clock { $0.clock = clock }
      if let warnings { $0.warnings = warnings.warnings }
    }
  }

  @Test func drillingDownPushesEveryScreenOnThePresentedDetailsStack() async throws {
    let overgrow = try #require(try Pokedex.shared.ability(named: "overgrow"))
    let store = bulbasaurStore()
    await store.send(.abilityTapped(name: "overgrow")) {
      $0.path.append(.ability(AbilityFeature.State(name: "overgrow")))
    }
    await store.send(.path(.element(id: 0, action: .ability(.onAppear)))) {
      $0.path[id: 0, case: \.ability]?.ability = .loading
    }
    await store.receive(.path(.element(id: 0, action: .ability(.abilityLoaded(.success(overgrow)))))) {
      $0.path[id: 0, case: \.ability]?.ability = .loaded(overgrow)
    }
    await store.send(.path(.element(id: 0, action: .ability(.pokemonTapped(id: 2))))) {
      $0.path.append(.detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(2))))
    }
    // A pushed detail's tap acts on what it shows, before its own data loads; the presented
    // detail pushes the screen, the pushed one keeps no stack.
    await store.send(.path(.element(id: 1, action: .detail(.abilityTapped(name: "chlorophyll"))))) {
      $0.path.append(.ability(AbilityFeature.State(name: "chlorophyll")))
    }
    #expect(store.state.path.ids == [0, 1, 2])
    #expect(store.state.path[id: 1, case: \.detail]?.path.isEmpty == true)
  }

  @Test func dismissingTheFirstAbilityScreenPopsEveryScreenAndEndsTheirLoads() async throws {
    let overgrow = try #require(try Pokedex.shared.ability(named: "overgrow"))
    let clock = ManualClock()
    let store = bulbasaurStore(clock: clock, latency: .seconds(1))
    await store.send(.abilityTapped(name: "overgrow")) {
      $0.path.append(.ability(AbilityFeature.State(name: "overgrow")))
    }
    await store.send(.path(.element(id: 0, action: .ability(.onAppear)))) {
      $0.path[id: 0, case: \.ability]?.ability = .loading
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .ability(.abilityLoaded(.success(overgrow)))))) {
      $0.path[id: 0, case: \.ability]?.ability = .loaded(overgrow)
    }
    await store.send(.path(.element(id: 0, action: .ability(.pokemonTapped(id: 2))))) {
      $0.path.append(.detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(2))))
    }
    await store.send(.path(.element(id: 1, action: .detail(.onAppear)))) {
      $0.path[id: 1, case: \.detail]?.extra = .loading
    }
    await store.send(.path(.element(id: 1, action: .detail(.abilityTapped(name: "chlorophyll"))))) {
      $0.path.append(.ability(AbilityFeature.State(name: "chlorophyll")))
    }
    await store.send(.path(.element(id: 2, action: .ability(.onAppear)))) {
      $0.path[id: 2, case: \.ability]?.ability = .loading
    }
    await store.send(.path(.element(id: 0, action: .ability(.closeTapped))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
    // The loads of the popped detail and ability never answer.
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func theFavoriteToggleWorksOnAPushedDetail() async {
    var path = StackState<PokemonDetailFeature.Path.State>()
    path.append(.ability(AbilityFeature.State(name: "overgrow")))
    path.append(.detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(2))))
    let store = TestStore(
      initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(1), path: path)
    ) {
      PokemonDetailFeature()
    }
    await store.send(.path(.element(id: 1, action: .detail(.favoriteTapped)))) {
      $0.$favorites.withLock { $0 = [2] }
    }
    #expect(store.state.path[id: 1, case: \.detail]?.isFavorite == true)
  }

  @Test func aPushedDetailClosesItselfAndWhatIsAbove() async {
    var path = StackState<PokemonDetailFeature.Path.State>()
    path.append(.ability(AbilityFeature.State(name: "overgrow")))
    path.append(.detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(2))))
    path.append(.ability(AbilityFeature.State(name: "chlorophyll")))
    let store = TestStore(
      initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(1), path: path)
    ) {
      PokemonDetailFeature()
    }
    await store.send(.path(.element(id: 1, action: .detail(.closeTapped))))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.removeLast(2) }
  }

  @Test func tappingAnAbilityTheScreenDoesNotShowWarnsAndPushesNothing() async {
    let warnings = Recorder()
    let store = bulbasaurStore(warnings: warnings)
    await store.send(.abilityTapped(name: "static"))
    #expect(
      warnings.all == [
        #"Bulbasaur has no ability "static" (it has overgrow, chlorophyll). Nothing changed."#
      ])
  }

  @Test func tappingAPokemonBeforeTheAbilityLoadsWarnsAndPushesNothing() async {
    let warnings = Recorder()
    let store = bulbasaurStore(warnings: warnings)
    await store.send(.abilityTapped(name: "overgrow")) {
      $0.path.append(.ability(AbilityFeature.State(name: "overgrow")))
    }
    await store.send(.path(.element(id: 0, action: .ability(.pokemonTapped(id: 2)))))
    #expect(
      warnings.all == [
        "Pokémon 2 is not shown on that ability's screen; wait for it to load. Nothing changed."
      ])
  }

  @Test func anAbilityThatFailsToLoadShowsTheError() async {
    var path = StackState<PokemonDetailFeature.Path.State>()
    path.append(.ability(AbilityFeature.State(name: "overgrow")))
    let store = TestStore(
      initialState: PokemonDetailFeature.State(pokemon: Fixtures.pokemon(1), path: path)
    ) {
      PokemonDetailFeature()
    } withDependencies: {
      $0.pokemonClient = .failing(Fixtures.offline)
    }
    await store.send(.path(.element(id: 0, action: .ability(.onAppear)))) {
      $0.path[id: 0, case: \.ability]?.ability = .loading
    }
    await store.receive(.path(.element(id: 0, action: .ability(.abilityLoaded(.failure(Fixtures.offline)))))) {
      $0.path[id: 0, case: \.ability]?.ability = .failed(Fixtures.offline)
    }
  }
}
