import DexTesting
import Foundation
import PokedexCore
import ComposableInspection
import StoreInspector
import Testing
import Composable

@Suite(.isolatedSharedState) struct DerivedValuesTests {
  @Test func theTeamDumpShowsDisplayedMembersInTheChosenOrder() {
    let team = TeamFeature.State(
      members: [
        TeamMemberFeature.State(id: UUID(counting: 1), pokemonID: 1, nickname: "Bulbasaur", level: 5),
        TeamMemberFeature.State(id: UUID(counting: 2), pokemonID: 4, nickname: "Charmander", level: 9),
      ],
      sortOrder: .level)
    let dump = inspectorDump(team, maxWidth: 200)
    #expect(dump.contains("sortOrder: .level"))
    let displayed = dump.split(separator: "displayedMembers:").last ?? ""
    let charmander = displayed.firstRange(of: "Charmander")?.lowerBound
    let bulbasaur = displayed.firstRange(of: "Bulbasaur")?.lowerBound
    #expect(charmander != nil && bulbasaur != nil)
    if let charmander, let bulbasaur { #expect(charmander < bulbasaur) }
  }

  @Test func changingTheSortOrderDiffsTheStoredFieldNotTheDerivedOrder() {
    var team = TeamFeature.State(
      members: [
        TeamMemberFeature.State(id: UUID(counting: 1), pokemonID: 1, nickname: "Bulbasaur", level: 5),
        TeamMemberFeature.State(id: UUID(counting: 2), pokemonID: 4, nickname: "Charmander", level: 9),
      ])
    let before = team
    team.sortOrder = .level
    let paths = inspectorDiff(before, team).changes.map(\.pathDescription)
    #expect(paths == ["sortOrder"])
  }

  @Test func theFavoritesDumpShowsTheFavoritePokemon() {
    let favorites = FavoritesFeature.State()
    favorites.$favorites.withLock { $0 = [25] }
    let dump = inspectorDump(favorites, maxWidth: 1000)
    #expect(dump.hasPrefix("FavoritesFeature.State(favorites: [25], alert: nil, favoritePokemon: [Pokemon(id: 25, name: \"pikachu\""))
  }
}
