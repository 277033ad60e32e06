import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct TeamFeatureTests {
  /// Members 1…count with levels `levels`, ids counting up from 1.
  func team(levels: [Int], sortOrder: TeamFeature.SortOrder = .added) -> TeamFeature.State {
    TeamFeature.State(
      members: IdentifiedArray(
        uniqueElements: levels.enumerated().map { offset, level in
          TeamMemberFeature.State(
            id: UUID(counting: UInt64(offset + 1)), pokemonID: offset + 1,
            nickname: Fixtures.pokemon(offset + 1).displayName, level: level)
        }),
      sortOrder: sortOrder)
  }

  @Test func addingASeventhMemberIsRefusedWithTheReason() async {
    let store = TestStore(initialState: team(levels: [5, 5, 5, 5, 5, 5])) {
      TeamFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addTapped(id: 25)) {
      $0.addError = "The team is full (6 members); delete one to add another."
    }
  }

  @Test func deletingWhileSortedByLevelRemovesTheMemberShownAtThatOffset() async {
    // Shown by level: Venusaur (30), Bulbasaur (10), Ivysaur (5). Offset 0 is Venusaur.
    let store = TestStore(initialState: team(levels: [10, 5, 30], sortOrder: .level)) {
      TeamFeature()
    }
    #expect(store.state.displayedMembers.map(\.nickname) == ["Venusaur", "Bulbasaur", "Ivysaur"])
    await store.send(.membersDeleted(atOffsets: [0])) {
      $0.members[id: UUID(counting: 3)] = nil
    }
    #expect(store.state.displayedMembers.map(\.nickname) == ["Bulbasaur", "Ivysaur"])
  }

  @Test func movingWhileSortedByLevelMovesTheShownMembersAndKeepsThatOrder() async {
    let initial = team(levels: [10, 5, 30], sortOrder: .level)
    let store = TestStore(initialState: initial) { TeamFeature() }
    // Shown: Venusaur (30), Bulbasaur (10), Ivysaur (5). Move Ivysaur to the top.
    await store.send(.membersMoved(fromOffsets: [2], toOffset: 0)) {
      $0.members = IdentifiedArray(
        uniqueElements: [initial.members[1], initial.members[2], initial.members[0]])
      $0.sortOrder = .added
    }
    #expect(store.state.displayedMembers.map(\.nickname) == ["Ivysaur", "Venusaur", "Bulbasaur"])
  }

  @Test func outOfRangeOffsetsWarnAndChangeNothing() async {
    let warnings = Recorder()
    let store = TestStore(initialState: team(levels: [10, 5])) {
      TeamFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.membersDeleted(atOffsets: [2]))
    await store.send(.membersMoved(fromOffsets: [0], toOffset: 5))
    await store.send(.membersMoved(fromOffsets: [7], toOffset: 0))
    #expect(warnings.all.count == 3)
    #expect(
      warnings.all.first
        == "Cannot delete offsets [2]: the team shows 2 members (offsets 0…1). Nothing changed.")
  }

  @Test func aMemberIsEditedThroughItsOwnStoreByID() async {
    let store = TestStore(initialState: team(levels: [10, 5])) { TeamFeature() }
    let id = UUID(counting: 2)
    await store.send(.members(.element(id: id, action: .binding(.set(\.nickname, "Sprout"))))) {
      $0.members[id: id]?.nickname = "Sprout"
    }
    await store.send(.sortOrderChanged(.name)) { $0.sortOrder = .name }
    #expect(store.state.displayedMembers.map(\.nickname) == ["Bulbasaur", "Sprout"])
  }

  @Test func aLevelOutside1To100IsClampedWithAWarning() async {
    let warnings = Recorder()
    let store = TestStore(initialState: team(levels: [10])) {
      TeamFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    let id = UUID(counting: 1)
    await store.send(.members(.element(id: id, action: .binding(.set(\.level, 250))))) {
      $0.members[id: id]?.level = 100
    }
    #expect(warnings.all == ["Level 250 is outside 1…100; Bulbasaur is level 100."])
  }
}

@Suite(.isolatedSharedState) struct TeamTrainerTests {
  @Test func aMemberJoinsAtTheDefaultLevelTheSettingsSay() async {
    Shared(.defaultLevel).withLock { $0 = 42 }
    let store = TestStore(initialState: TeamFeature.State()) {
      TeamFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addTapped(id: 25)) {
      $0.members = [
        TeamMemberFeature.State(id: UUID(counting: 1), pokemonID: 25, nickname: "Pikachu", level: 42)
      ]
    }
  }

  @Test func aTrainerRenamedInTheEditorIsTheTeamsTrainerInTheSameStep() async {
    let store = TestStore(initialState: TeamFeature.State()) { TeamFeature() }
    await store.send(.trainerTapped) {
      $0.editor = TrainerEditorFeature.State(name: $0.$trainer.name, badges: $0.$trainer.badges)
    }
    await store.send(.editor(.presented(.nameChanged("Ash")))) {
      $0.$trainer.withLock { $0.name = "Ash" }
    }
    #expect(store.state.trainer.name == "Ash")
    #expect(store.state.editor?.name == "Ash")
    await store.send(.editor(.presented(.badgeEarned("Boulder")))) {
      $0.editor?.$badges.withLock { $0 = ["Boulder"] }
    }
    #expect(store.state.trainer == Trainer(name: "Ash", badges: ["Boulder"]))
    await store.send(.editor(.presented(.doneTapped))).finish()
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
    }
    #expect(store.state.trainer == Trainer(name: "Ash", badges: ["Boulder"]))
  }

  @Test func aDecodedTeamHandsItsOwnTrainerToItsEditor() throws {
    var team = TeamFeature.State()
    team.editor = TrainerEditorFeature.State(name: team.$trainer.name, badges: team.$trainer.badges)
    let decoded = try JSONDecoder().decode(
      TeamFeature.State.self, from: try JSONEncoder().encode(team))
    decoded.editor?.$name.withLock { $0 = "Misty" }
    #expect(decoded.trainer.name == "Misty")
    #expect(team.trainer.name == "Red")
  }
}
