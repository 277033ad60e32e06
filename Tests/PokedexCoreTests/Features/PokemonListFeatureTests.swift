import DexPlatform
import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct PokemonListFeatureTests {
  func makeStore(
    _ client: PokemonClient = .bundled(), state: PokemonListFeature.State = .init()
  ) -> TestStore<PokemonListFeature.State, PokemonListFeature.Action> {
    TestStore(initialState: state) {
      PokemonListFeature()
    } withDependencies: {
      $0.pokemonClient = client
      $0.clock = ImmediateClock()
    }
  }

  @Test func appearingLoadsTheFirstPageOfTwenty() async {
    let store = makeStore()
    await store.send(.onAppear) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.success(Fixtures.page(0)))) {
      $0.loadState = .loaded(Fixtures.page(0).items)
      $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
    #expect(store.state.visiblePokemon.count == 20)
  }

  @Test func aFailedLoadShowsTheErrorAndRetryLoadsAgain() async {
    let store = makeStore(.failing(Fixtures.offline))
    await store.send(.onAppear) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.failure(Fixtures.offline))) {
      $0.loadState = .failed(Fixtures.offline)
      $0.$downloads.withLock { $0 = DownloadStatus(lastError: Fixtures.offline) }
    }
    await store.send(.retryTapped) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.failure(Fixtures.offline))) {
      $0.loadState = .failed(Fixtures.offline)
      $0.$downloads.withLock { $0.isLoading = false }
    }
  }

  @Test func retryAfterTheNetworkReturnsLoadsThePage() async {
    let isOnline = LockedValue(false)
    let client = PokemonClient(
      page: { offset, limit in
        guard isOnline.withLock({ $0 }) else { throw Fixtures.offline }
        return try Pokedex.shared.page(offset: offset, limit: limit)
      },
      detail: { _ in throw Fixtures.offline },
      ability: { _ in throw Fixtures.offline })
    let store = makeStore(client)
    await store.send(.onAppear) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.failure(Fixtures.offline))) {
      $0.loadState = .failed(Fixtures.offline)
      $0.$downloads.withLock { $0 = DownloadStatus(lastError: Fixtures.offline) }
    }
    isOnline.withLock { $0 = true }
    await store.send(.retryTapped) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.success(Fixtures.page(0)))) {
      $0.loadState = .loaded(Fixtures.page(0).items)
      $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
  }

  @Test func pagingToTheEndLoads1025PokemonIn52PagesAndStops() async {
    let store = makeStore()
    await store.send(.onAppear) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.success(Fixtures.page(0)))) {
      $0.loadState = .loaded(Fixtures.page(0).items)
      $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
    var pages = 1
    var loaded = Fixtures.page(0).items
    while store.state.canLoadMore {
      let last = loaded.count
      await store.send(.rowAppeared(id: loaded[last - 1].id)) {
        $0.isLoadingMore = true
        $0.$downloads.withLock { $0.isLoading = true }
      }
      let page = Fixtures.page(last)
      loaded += page.items
      await store.receive(.pageLoaded(.success(page))) { [loaded, pages] in
        $0.loadState = .loaded(loaded)
        $0.isLoadingMore = false
        $0.canLoadMore = page.hasMore
        $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: pages + 1) }
      }
      pages += 1
    }
    #expect(pages == 52)
    #expect(loaded.count == 1025)
    #expect(loaded.last?.name == "pecharunt")
    // The last row appearing again loads nothing more.
    await store.send(.rowAppeared(id: 1025))
  }

  @Test func aRowAppearingAgainDuringALoadStartsNoSecondLoad() async {
    let clock = ManualClock()
    let store = TestStore(initialState: PokemonListFeature.State()) {
      PokemonListFeature()
    } withDependencies: {
      $0.pokemonClient = .bundled(latency: .seconds(1))
      $0.clock = clock
    }
    await store.send(.onAppear) {
      $0.loadState = .loading
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.pageLoaded(.success(Fixtures.page(0)))) {
      $0.loadState = .loaded(Fixtures.page(0).items)
      $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
    await store.send(.rowAppeared(id: 20)) {
      $0.isLoadingMore = true
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.send(.rowAppeared(id: 20))
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.pageLoaded(.success(Fixtures.page(20)))) {
      $0.loadState = .loaded(Fixtures.page(0, limit: 40).items)
      $0.isLoadingMore = false
      $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 2) }
    }
    await store.finish()
  }

  @Test func aFailedNextPageIsTheLastErrorOfTheDownloadsUntilARetryLoadsIt() async {
    let isOnline = LockedValue(true)
    let client = PokemonClient(
      page: { offset, limit in
        guard isOnline.withLock({ $0 }) else { throw Fixtures.offline }
        return try Pokedex.shared.page(offset: offset, limit: limit)
      },
      detail: { _ in throw Fixtures.offline },
      ability: { _ in throw Fixtures.offline })
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = makeStore(client, state: state)
    isOnline.withLock { $0 = false }
    await store.send(.rowAppeared(id: 20)) {
      $0.isLoadingMore = true
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.failure(Fixtures.offline))) {
      $0.isLoadingMore = false
      $0.loadMoreError = Fixtures.offline
      $0.$downloads.withLock { $0 = DownloadStatus(lastError: Fixtures.offline) }
    }
    isOnline.withLock { $0 = true }
    await store.send(.retryTapped) {
      $0.loadMoreError = nil
      $0.isLoadingMore = true
      $0.$downloads.withLock { $0.isLoading = true }
    }
    await store.receive(.pageLoaded(.success(Fixtures.page(20)))) {
      $0.loadState = .loaded(Fixtures.page(0, limit: 40).items)
      $0.isLoadingMore = false
      $0.$downloads.withLock { $0 = DownloadStatus(pagesLoaded: 1) }
    }
  }

  @Test func theListShowsOnlyFavoritesWhenTheSettingSaysSo() async {
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    Shared(.favorites).withLock { $0 = [4, 25] }
    Shared(.showsOnlyFavorites).withLock { $0 = true }
    #expect(state.visiblePokemon.map(\.id) == [4])
    Shared(.showsOnlyFavorites).withLock { $0 = false }
    #expect(state.visiblePokemon.count == 20)
  }

  @Test func onlyTheLastLoadedRowLoadsMore() async {
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = makeStore(state: state)
    await store.send(.rowAppeared(id: 19))
    await store.send(.rowAppeared(id: 999))
  }

  @Test func tappingARowPresentsItsDetailAndAnUnloadedIDChangesNothing() async {
    let warnings = Recorder()
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = TestStore(initialState: state) {
      PokemonListFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.rowTapped(id: 25))
    #expect(warnings.all == ["Pokémon 25 is not loaded yet; load more rows before tapping it. Nothing changed."])
    await store.send(.rowTapped(id: 4)) {
      $0.destination = .detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(4)))
    }
  }

  @Test func closingTheDetailDismissesItByTheEndOfTheSend() async {
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = makeStore(state: state)
    await store.send(.rowTapped(id: 1)) {
      $0.destination = .detail(PokemonDetailFeature.State(pokemon: Fixtures.pokemon(1)))
    }
    await store.send(.destination(.presented(.detail(.closeTapped)))).finish()
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func typingSearchesOnlyAfterThePauseAndTheStaleSearchIsCancelled() async {
    let clock = ManualClock()
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = TestStore(initialState: state) {
      PokemonListFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.search(.queryChanged("char"))) { $0.search.query = "char" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.search(.queryChanged("charm"))) { $0.search.query = "charm" }
    await clock.advance(by: .milliseconds(200))
    #expect(store.state.visiblePokemon.count == 20)
    await clock.advance(by: .milliseconds(100))
    await store.receive(.search(.queryApplied("charm"))) { $0.search.appliedQuery = "charm" }
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.visiblePokemon.map(\.name) == ["charmander", "charmeleon"])
  }

  @Test func theTypeFilterNarrowsTheList() async {
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = makeStore(state: state)
    await store.send(.search(.filter(.binding(.set(\.selectedTypes, ["fire"]))))) {
      $0.search.filter.selectedTypes = ["fire"]
    }
    #expect(store.state.visiblePokemon.map(\.name) == ["charmander", "charmeleon", "charizard"])
    await store.send(.search(.filter(.clearTapped))) { $0.search.filter.selectedTypes = [] }
    #expect(store.state.visiblePokemon.count == 20)
  }

  @Test func aTypeThatDoesNotExistIsRefusedWithTheTypesListed() async {
    let warnings = Recorder()
    var state = PokemonListFeature.State()
    state.loadState = .loaded(Fixtures.page(0).items)
    let store = TestStore(initialState: state) {
      PokemonListFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.search(.filter(.binding(.set(\.selectedTypes, ["fire", "electrik"])))))
    #expect(
      warnings.all == [
        "There is no type 'electrik'; the types are bug, dark, dragon, electric, fairy, fighting, "
          + "fire, flying, ghost, grass, ground, ice, normal, poison, psychic, rock, steel, water. "
          + "Nothing changed."
      ])
    #expect(store.state.visiblePokemon.count == 20)
  }
}
