import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct StatsFeatureTests {
  @Test func theCountsFollowTheFavoritesAnotherFeatureChanges() async {
    let stats = StatsFeature.State()
    #expect(stats.countsByType.isEmpty)
    let favorites = TestStore(initialState: FavoritesFeature.State()) { FavoritesFeature() }
    await favorites.send(.favoriteTapped(id: 6)) {
      $0.$favorites.withLock { $0 = [6] }
    }
    await favorites.send(.favoriteTapped(id: 152)) {
      $0.$favorites.withLock { $0 = [6, 152] }
    }
    #expect(stats.favorites == [6, 152])
    #expect(stats.countsByType == ["fire": 1, "flying": 1, "grass": 1])
    #expect(stats.countsByGeneration == [1: 1, 2: 1])
  }

  @Test func theStatsHoldAReaderOfTheFavorites() {
    let stats = StatsFeature.State()
    let reader: SharedReader<Set<Int>> = stats.$favorites
    #expect(reader.keyID == Shared(.favorites).keyID)
    #expect(reader.isReadOnly)
  }

  @Test func aTappedTypeChangesNothingOfTheStatsOwn() async {
    let store = TestStore(initialState: StatsFeature.State()) { StatsFeature() }
    await store.send(.typeTapped("fire"))
  }
}
