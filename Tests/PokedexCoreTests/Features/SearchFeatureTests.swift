import Composable
import DexTesting
import Foundation
import PokedexCore
import Testing

@Suite struct SearchFeatureTests {
  @Test func theQueryAppliesOnlyOncePausedAndANewerKeystrokeCancelsThePendingOne() async {
    let clock = ManualClock()
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("pi")) { $0.query = "pi" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("pika")) { $0.query = "pika" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.queryApplied("pika")) { $0.appliedQuery = "pika" }
    await store.finish()
  }

  @Test func matchingUsesTheAppliedQueryInAnyCaseAndTheFilter() {
    let state = SearchFeature.State(
      query: "typed", appliedQuery: "CHAR", filter: TypeFilterFeature.State(selectedTypes: ["fire"]))
    #expect(state.matches(Fixtures.pokemon(4)))  // Charmander, fire
    #expect(!state.matches(Fixtures.pokemon(25)))  // Pikachu: no "char"
    #expect(state.isActive)
    #expect(!SearchFeature.State().isActive)
  }
}
