import Composable
import DexTesting
import Foundation
import PokedexCore
import Testing

@Suite struct TeamMemberFeatureTests {
  let member = TeamMemberFeature.State(id: UUID(counting: 1), pokemonID: 25, nickname: "Pikachu")

  @Test func bindingsSetTheNicknameAndTheLevel() async {
    let store = TestStore(initialState: member) { TeamMemberFeature() }
    await store.send(.binding(.set(\.nickname, "Sparky"))) { $0.nickname = "Sparky" }
    await store.send(.binding(.set(\.level, 42))) { $0.level = 42 }
  }

  @Test func aLevelOutsideOneToAHundredIsClampedWithAWarning() async {
    let warnings = Recorder()
    let store = TestStore(initialState: member) {
      TeamMemberFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.binding(.set(\.level, 150))) { $0.level = 100 }
    await store.send(.binding(.set(\.level, 0))) { $0.level = 1 }
    #expect(
      warnings.all == [
        "Level 150 is outside 1…100; Pikachu is level 100.",
        "Level 0 is outside 1…100; Pikachu is level 1.",
      ])
  }
}
