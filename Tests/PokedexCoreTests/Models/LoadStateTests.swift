import Foundation
import PokedexCore
import Testing
import Composable

@Suite struct LoadStateTests {
  @Test func eachStateAnswersForItsOwnCaseOnly() {
    let offline = DexError(kind: .network, message: "offline")
    let states: [LoadState<Int>] = [.idle, .loading, .loaded(25), .failed(offline)]
    #expect(states.map(\.value) == [nil, nil, 25, nil])
    #expect(states.map(\.error) == [nil, nil, nil, offline])
    #expect(states.map(\.isLoading) == [false, true, false, false])
  }

  @Test func aLoadedValueIsChangedInPlaceAndSettingNilChangesNothing() {
    var state = LoadState<[Int]>.loaded([1])
    state.value?.append(contentsOf: [2, 3])
    #expect(state == .loaded([1, 2, 3]))
    var loading = LoadState<[Int]>.loading
    loading.value?.append(4)
    #expect(loading == .loading)
    loading.value = [4]
    #expect(loading == .loaded([4]))
    loading.value = nil
    #expect(loading == .loaded([4]))
  }

  @Test func bundledPagesAndRunsAreTheBundledData() throws {
    let page = PokemonPage.bundled(offset: 20, limit: 20)
    #expect(page == (try Pokedex.shared.page(offset: 20, limit: 20)))
    #expect(Pokemon.bundled(ids: 21...40) == page.items)
    #expect(Pokemon.bundled(ids: 1024...1030).map(\.id) == [1024, 1025])
  }

  @Test func aLoadStateSurvivesAJSONRoundTrip() throws {
    let states: [LoadState<[Int]>] = [
      .idle, .loading, .loaded([1, 25]), .failed(DexError(kind: .http, message: "HTTP 500")),
    ]
    let data = try JSONEncoder().encode(states)
    #expect(try JSONDecoder().decode([LoadState<[Int]>].self, from: data) == states)
  }
}
