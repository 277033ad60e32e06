import Composable
import DexTesting
import Foundation
import PokedexCore
import Testing

@Suite struct TypeFilterFeatureTests {
  @Test func aBindingSelectsTypesAndClearShowsEveryType() async {
    let store = TestStore(initialState: TypeFilterFeature.State()) { TypeFilterFeature() }
    await store.send(.binding(.set(\.selectedTypes, ["fire", "water"]))) {
      $0.selectedTypes = ["fire", "water"]
    }
    #expect(store.state.admits(["water", "ground"]))
    #expect(!store.state.admits(["electric"]))
    await store.send(.clearTapped) { $0.selectedTypes = [] }
    #expect(store.state.admits(["electric"]))
  }
}
