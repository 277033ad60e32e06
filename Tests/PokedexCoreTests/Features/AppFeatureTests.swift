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

  @Test func aTypeTappedInTheStatsFiltersTheListThroughTheRoot() async {
    Shared(.favorites).withLock { $0 = [4, 6, 25] }
    let store = TestStore(initialState: loadedApp()) { AppFeature() }
    #expect(store.state.stats.countsByType == ["electric": 1, "fire": 2, "flying": 1])
    await store.send(.stats(.typeTapped("fire")))
    await store.receive(.list(.search(.filter(.binding(.set(\.selectedTypes, ["fire"])))))) {
      $0.list.search.filter.selectedTypes = ["fire"]
    }
    #expect(store.state.list.visiblePokemon.map(\.name) == ["charmander", "charmeleon", "charizard"])
  }

  @Test func aSettingChangedOnTheSettingsScreenIsSeenByTheListAndTheTeam() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.settings(.binding(.set(\.defaultLevel, 30)))) {
      $0.settings.$defaultLevel.withLock { $0 = 30 }
    }
    #expect(store.state.team.defaultLevel == 30)
    await store.send(.team(.addTapped(id: 25))) {
      $0.team.members = [
        TeamMemberFeature.State(
          id: UUID(counting: 1), pokemonID: 25, nickname: "Pikachu", level: 30)
      ]
    }
    await store.send(.settings(.binding(.set(\.pageSize, 50)))) {
      $0.settings.$pageSize.withLock { $0 = 50 }
    }
    #expect(store.state.list.pageSize == 50)
  }

  @Test func aPageSizeChangedInTheSettingsSizesTheListsNextPage() async {
    var state = AppFeature.State()
    state.list.loadState = .loaded(Fixtures.page(0).items)
    let store = TestStore(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.pokemonClient = .bundled()
      $0.clock = ImmediateClock()
    }
    await store.send(.settings(.binding(.set(\.pageSize, 5)))) {
      $0.settings.$pageSize.withLock { $0 = 5 }
    }
    await store.send(.list(.rowAppeared(id: 20))) {
      $0.list.isLoadingMore = true
      $0.list.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.list(.pageLoaded(.success(Fixtures.page(20, limit: 5))))) {
      $0.list.loadState = .loaded(Fixtures.page(0, limit: 25).items)
      $0.list.isLoadingMore = false
      $0.list.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
    #expect(store.state.list.visiblePokemon.count == 25)
  }

  @Test func theRootShowsTheDownloadStatusTheListWrites() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.pokemonClient = .bundled()
      $0.clock = ImmediateClock()
    }
    await store.send(.list(.onAppear)) {
      $0.list.loadState = .loading
      $0.list.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.list(.pageLoaded(.success(Fixtures.page(0))))) {
      $0.list.loadState = .loaded(Fixtures.page(0).items)
      $0.list.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
    #expect(store.state.downloads == DownloadStatus(pagesLoaded: 1))
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
      .team(.trainerTapped), .team(.editor(.presented(.nameChanged("Ash")))),
      .team(.editor(.presented(.badgeEarned("Boulder")))), .team(.editor(.dismiss)),
      .settings(.binding(.set(\.pageSize, 50))), .settings(.binding(.set(\.showsOnlyFavorites, true))),
      .settings(.binding(.set(\.defaultLevel, 12))), .settings(.resetTapped),
      .stats(.typeTapped("fire")),
    ]
    for action in actions {
      let data = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(AppFeature.Action.self, from: data) == action)
    }
  }
}
