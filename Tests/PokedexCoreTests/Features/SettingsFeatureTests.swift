import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct SettingsFeatureTests {
  @Test func theSettingsStartAtTheirDefaults() {
    let settings = SettingsFeature.State()
    #expect(settings.pageSize == 20)
    #expect(settings.showsOnlyFavorites == false)
    #expect(settings.defaultLevel == 5)
  }

  @Test func aBindingSetsASettingForEveryFeatureThatReadsIt() async {
    let list = PokemonListFeature.State()
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }
    await store.send(.binding(.set(\.pageSize, 50))) {
      $0.$pageSize.withLock { $0 = 50 }
    }
    await store.send(.binding(.set(\.showsOnlyFavorites, true))) {
      $0.$showsOnlyFavorites.withLock { $0 = true }
    }
    #expect(list.pageSize == 50)
    #expect(list.showsOnlyFavorites)
  }

  @Test func aPageSizeOrLevelOutOfRangeIsClampedWithAWarning() async {
    let warnings = Recorder()
    let store = TestStore(initialState: SettingsFeature.State()) {
      SettingsFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.binding(.set(\.pageSize, 0))) {
      $0.$pageSize.withLock { $0 = 1 }
    }
    await store.send(.binding(.set(\.defaultLevel, 250))) {
      $0.$defaultLevel.withLock { $0 = 100 }
    }
    #expect(
      warnings.all == [
        "A page holds 1…100 Pokémon; the page size is 1, not 0.",
        "Levels are 1…100; the default level is 100, not 250.",
      ])
  }

  @Test func resetPutsEverySettingBackToItsDefault() async {
    Shared(.pageSize).withLock { $0 = 7 }
    Shared(.showsOnlyFavorites).withLock { $0 = true }
    Shared(.defaultLevel).withLock { $0 = 9 }
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }
    await store.send(.resetTapped) {
      $0.$pageSize.withLock { $0 = 20 }
      $0.$showsOnlyFavorites.withLock { $0 = false }
      $0.$defaultLevel.withLock { $0 = 5 }
    }
  }
}
