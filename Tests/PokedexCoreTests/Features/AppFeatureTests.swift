import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct AppFeatureTests {
  func loadedApp() -> AppFeature.State {
    var state = AppFeature.State()
    state.list.loadState = .loaded(Fixtures.page(0).items)
    return state
  }

  @Test func aFavoriteMarkedInTheDetailShowsInTheListAndOnTheFavoritesScreen() async {
    let store = TestStore(initialState: loadedApp()) {
      AppFeature()
    } withDependencies: {
      $0.pokemonClient = .bundled()
      $0.clock = ImmediateClock()
    }
    await store.send(.list(.rowTapped(id: 4))) {
      $0.list.destination = .detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(4)))
    }
    await store.send(.list(.destination(.presented(.detail(.onAppear))))) {
      $0.list.destination = .detail(
        PokemonDetailFeature.State(pokemon: Fixtures.pokemon(4), extra: .loading))
    }
    let detail = (try? Pokedex.shared.detail(id: 4)) ?? nil
    guard let detail else {
      Issue.record("the bundled dataset has a detail for 4")
      return
    }
    await store.receive(.list(.destination(.presented(.detail(.extraLoaded(.success(detail))))))) {
      $0.list.destination = .detail(
        PokemonDetailFeature.State(pokemon: Fixtures.pokemon(4), extra: .loaded(detail)))
    }
    await store.send(.list(.destination(.presented(.detail(.favoriteTapped))))) {
      $0.favorites.$favorites.withLock { $0 = [4] }
    }
    await store.send(.list(.destination(.presented(.detail(.closeTapped)))))
    await store.receive(.list(.destination(.dismiss))) { $0.list.destination = nil }
    #expect(store.state.list.favorites == [4])
    #expect(store.state.favorites.favoritePokemon.map(\.name) == ["charmander"])
  }

  @Test func theFavoritesScreenTogglesAndRefusesUnknownIDs() async {
    let warnings = Recorder()
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.favorites(.favoriteTapped(id: 25))) {
      $0.favorites.$favorites.withLock { $0 = [25] }
    }
    await store.send(.favorites(.favoriteTapped(id: 1))) {
      $0.favorites.$favorites.withLock { $0 = [1, 25] }
    }
    await store.send(.favorites(.favoriteTapped(id: 25))) {
      $0.favorites.$favorites.withLock { $0 = [1] }
    }
    await store.send(.favorites(.favoriteTapped(id: 0)))
    #expect(warnings.all == ["There is no Pokémon with id 0 (ids are 1…1025). Nothing changed."])
  }

  @Test func anIDNoPokémonHasCanBeRemovedFromTheFavoritesButNeverAdded() async {
    Shared(.favorites).withLock { $0 = [-1, 25, 2000] }
    let warnings = Recorder()
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.favorites(.favoriteTapped(id: -1))) {
      $0.favorites.$favorites.withLock { $0 = [25, 2000] }
    }
    await store.send(.favorites(.favoriteTapped(id: 2000))) {
      $0.favorites.$favorites.withLock { $0 = [25] }
    }
    await store.send(.favorites(.favoriteTapped(id: -1)))
    #expect(warnings.all == ["There is no Pokémon with id -1 (ids are 1…1025). Nothing changed."])
  }

  @Test func addToTeamInTheDetailReachesTheTeamThroughTheRoot() async {
    let store = TestStore(initialState: loadedApp()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.list(.rowTapped(id: 7))) {
      $0.list.destination = .detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(7)))
    }
    await store.send(.list(.destination(.presented(.detail(.addToTeamTapped)))))
    await store.receive(.team(.addTapped(id: 7))) {
      $0.team.members = [
        TeamMemberFeature.State(id: UUID(counting: 1), pokemonID: 7, nickname: "Squirtle")
      ]
    }
  }

  @Test func everyCaseOfEveryActionOfTheAppRoundTrips() {
    #expect(PokedexCore.casePathableTypes.contains { $0 == AppFeature.Action.self })
    expectEveryCaseRoundTrips(PokedexCore.casePathableTypes)
  }

  @Test func appActionsRoundTripThroughTheirCaseTables() throws {
    let actions: [AppFeature.Action] = [
      .list(.onAppear), .list(.rowAppeared(id: 20)), .list(.rowTapped(id: 25)), .list(.retryTapped),
      .list(.pageLoaded(.success(Fixtures.page(0, limit: 2)))),
      .list(.pageLoaded(.failure(Fixtures.offline))),
      .list(.destination(.presented(.detail(.favoriteTapped)))),
      .list(.destination(.presented(.detail(.extraLoaded(.failure(Fixtures.offline)))))),
      .list(.destination(.dismiss)),
      .list(.search(.queryChanged("pika"))), .list(.search(.queryApplied("pika"))),
      .list(.search(.filter(.binding(.set(\.selectedTypes, ["fire", "water"]))))),
      .list(.search(.filter(.clearTapped))),
      .favorites(.favoriteTapped(id: 25)),
      .team(.addTapped(id: 1)), .team(.membersDeleted(atOffsets: [0, 2])),
      .team(.membersMoved(fromOffsets: [1], toOffset: 0)), .team(.sortOrderChanged(.level)),
      .team(.members(.element(id: UUID(counting: 3), action: .binding(.set(\.nickname, "Sparky"))))),
      .team(.members(.element(id: UUID(counting: 3), action: .binding(.set(\.level, 42))))),
    ]
    for action in actions {
      let data = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(AppFeature.Action.self, from: data) == action)
    }
  }
}
