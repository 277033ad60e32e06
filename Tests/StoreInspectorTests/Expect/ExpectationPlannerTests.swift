import Testing

@testable import StoreInspector

/// The expectations written after a change: one per changed leaf, collections by their count and
/// the elements that came in, long values by their case and identity.
@Suite struct ExpectationPlannerTests {
  private struct Pokemon: Identifiable, Equatable {
    var id: Int
    var name: String
    var types: [String]
    var flavorText: String
  }

  private enum LoadState: Equatable {
    case idle
    case loaded([Pokemon])
  }

  private struct State: Equatable {
    var favorites: Set<Int> = []
    var query = ""
    var loadState = LoadState.idle
  }

  private func planned(_ old: State, _ new: State) -> [String] {
    ExpectationPlanner.expectations(for: inspectorDiff(old, new), in: new).map(\.description)
  }

  private static func pokemon(_ id: Int) -> Pokemon {
    Pokemon(
      id: id, name: "pokemon\(id)", types: ["grass", "poison"],
      flavorText: String(repeating: "A strange seed was planted on its back at birth. ", count: 2))
  }

  @Test func aChangedScalarIsCheckedWithEquals() {
    #expect(planned(State(), State(query: "bu")) == [#"query == "bu""#])
  }

  @Test func anInsertedSetElementIsTheCountAndContains() {
    #expect(
      planned(State(favorites: [1, 4]), State(favorites: [1, 4, 25]))
        == ["favorites.count == 3", "favorites contains 25"])
  }

  @Test func aRemovedElementIsTheCountAlone() {
    #expect(planned(State(favorites: [1, 25]), State(favorites: [1])) == ["favorites.count == 1"])
  }

  @Test func aLongLoadedValueIsItsCaseItsCountAndTheFirstElementsByIdAndName() {
    let loaded = State(loadState: .loaded((1...20).map(Self.pokemon)))
    #expect(
      planned(State(), loaded) == [
        "loadState is .loaded", "loadState.loaded.count == 20",
        #"loadState.loaded[id: 1].name == "pokemon1""#,
        #"loadState.loaded[id: 2].name == "pokemon2""#,
        #"loadState.loaded[id: 3].name == "pokemon3""#,
      ])
  }

  @Test func elementsAppendedToALoadedPageAreTheNewCountAndTheFirstThreeInserted() {
    let first = State(loadState: .loaded((1...20).map(Self.pokemon)))
    let second = State(loadState: .loaded((1...40).map(Self.pokemon)))
    #expect(
      planned(first, second) == [
        "loadState.loaded.count == 40",
        #"loadState.loaded[id: 21].name == "pokemon21""#,
        #"loadState.loaded[id: 22].name == "pokemon22""#,
        #"loadState.loaded[id: 23].name == "pokemon23""#,
      ])
  }

  @Test func aSharedValueIsCheckedUnderThePathThatShowsIt() {
    let diff = inspectorDiff(Set([1]), Set([1, 25]))
    #expect(
      ExpectationPlanner.expectations(for: diff, in: Set([1, 25]), under: "list.favorites")
        .map(\.description) == ["list.favorites.count == 2", "list.favorites contains 25"])
  }
}
