import Foundation
import Testing

/// With `--json`, a value reads the same in an entry's diff, a watch hit and `state`: a number
/// is a number, a string a string, and what JSON cannot hold is its printed literal.
@Suite struct ValueTextTests {
  private func objects(_ input: String) async throws -> [[String: Any]] {
    let result = try await DexProcess.run(["--json"], input: input)
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The changes of an entry's diff, its shared values' first.
  private func changes(_ entry: [String: Any]?) -> [[String: Any]] {
    let diff = entry?["diff"] as? [String: Any]
    let shared = (diff?["shared"] as? [[String: Any]] ?? []).compactMap {
      ($0["diff"] as? [String: Any])?["changes"] as? [[String: Any]]
    }
    let state = (diff?["state"] as? [String: Any])?["changes"] as? [[String: Any]] ?? []
    return shared.flatMap { $0 } + state
  }

  @Test func anEntrysDiffAWatchHitAndStateGiveValuesTheirJSONType() async throws {
    let objects = try await objects(
      """
      watch favorites.favorites
      fav 25
      watch list.search.query
      send .list(.search(.queryChanged("pi")))
      send .team(.addTapped(id: 4))
      state team.members[0]

      """)
    let entries = objects.filter { $0["type"] as? String == "entry" }
    let watches = objects.filter { $0["type"] as? String == "watch" }
    let favorite = changes(entries.first).first
    #expect(favorite?["kind"] as? String == "inserted")
    #expect((favorite?["new"] as? NSNumber)?.intValue == 25)
    #expect(favorite?["new"] is NSNumber && !(favorite?["new"] is String))
    #expect(watches.first?["new"] as? [Int] == [25])

    let query = changes(entries.dropFirst().first).first
    #expect(query?["old"] as? String == "")
    #expect(query?["new"] as? String == "pi")
    #expect(watches.last?["new"] as? String == query?["new"] as? String)

    let member = changes(entries.last).first?["new"] as? [String: Any]
    #expect((member?["pokemonID"] as? NSNumber)?.intValue == 4)
    #expect(member?["nickname"] as? String == "Charmander")
    #expect(
      (member?["id"] as? [String: Any])?["literal"] as? String
        == #"UUID("00000000-0000-0000-0000-000000000001")"#)

    let state = objects.first { $0["type"] as? String == "state" }?["value"] as? [String: Any]
    #expect(state?["nickname"] as? String == "Charmander")
    #expect((state?["level"] as? NSNumber)?.intValue == 5)
  }
}
