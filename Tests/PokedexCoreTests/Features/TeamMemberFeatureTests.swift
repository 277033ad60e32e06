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

  /// A member as JSON, with `level` and `pokemonID` as written.
  private func memberJSON(pokemonID: String = "25", level: String = "5") -> Data {
    Data(
      (#"{"id": "00000000-0000-0000-0000-000000000001", "pokemonID": \#(pokemonID), "#
        + #""nickname": "Pikachu", "level": \#(level)}"#).utf8)
  }

  @Test func aMemberDecodesAsTheTeamMadeIt() throws {
    #expect(try JSONDecoder().decode(TeamMemberFeature.State.self, from: memberJSON()) == member)
  }

  @Test(arguments: [
    ("25", "0", "level", "level 0 is outside 1…100"),
    ("25", "9223372036854775807", "level", "level 9223372036854775807 is outside 1…100"),
    ("0", "5", "pokemonID", "there is no Pokémon with id 0 in the Pokédex"),
    ("9223372036854775807", "5", "pokemonID",
     "there is no Pokémon with id 9223372036854775807 in the Pokédex"),
  ])
  func decodingRefusesAMemberTheTeamWouldNotMakeNamingTheField(
    pokemonID: String, level: String, field: String, reason: String
  ) {
    #expect {
      try JSONDecoder().decode(
        TeamMemberFeature.State.self, from: memberJSON(pokemonID: pokemonID, level: level))
    } throws: { error in
      guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
      return context.codingPath.map(\.stringValue) == [field] && context.debugDescription == reason
    }
  }
}

