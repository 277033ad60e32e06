import Foundation
import Testing

@testable import StoreInspector

@Suite struct SessionErrorTests {
  private struct Member: Decodable {
    var level: Int

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      level = try container.decode(Int.self, forKey: .level)
      guard (1...100).contains(level) else {
        throw DecodingError.dataCorruptedError(
          forKey: .level, in: container, debugDescription: "level \(level) is outside 1…100")
      }
    }

    private enum CodingKeys: String, CodingKey { case level }
  }

  private struct Team: Decodable {
    var members: [Member]
  }

  @Test func aValueItsTypeRefusesIsNamedByTheJSONPathOfTheMember() throws {
    let json = Data(#"{"members": [{"level": 5}, {"level": 101}]}"#.utf8)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Team.self, from: json)
    }
    let refused = try #require(SessionError.refusedValue(error, at: "$.initial.state"))
    #expect(
      refused.description
        == "$.initial.state.members[1].level is refused: level 101 is outside 1…100; fix the "
        + "document or export the session again.")
  }

  @Test func aValueOfAnotherTypeIsNoRefusal() throws {
    let json = Data(#"{"members": [{"level": "five"}]}"#.utf8)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Team.self, from: json)
    }
    #expect(SessionError.refusedValue(error, at: "$.initial.state") == nil)
  }
}
