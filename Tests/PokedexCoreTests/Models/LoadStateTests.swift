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

  @Test func aLoadStateSurvivesAJSONRoundTrip() throws {
    let states: [LoadState<[Int]>] = [
      .idle, .loading, .loaded([1, 25]), .failed(DexError(kind: .http, message: "HTTP 500")),
    ]
    let data = try JSONEncoder().encode(states)
    #expect(try JSONDecoder().decode([LoadState<[Int]>].self, from: data) == states)
  }
}
