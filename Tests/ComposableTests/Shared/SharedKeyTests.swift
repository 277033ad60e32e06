import DexTesting
import Composable
import Foundation
import Testing

extension SharedKey where Self == InMemoryKey<Int>.Default {
  /// A level the app keeps in 1…100.
  fileprivate static var level: Self {
    Self[
      .inMemory("level"), default: 5,
      refusing: { (1...100).contains($0) ? nil : "level \($0) is outside 1…100" }]
  }
}

/// A key with a default may say which values it refuses; a snapshot decoded from outside the
/// app leaves those out and says which, by their offset.
@Suite(.isolatedSharedState) struct SharedKeyTests {
  @Test func aFileKeyIsCalledByTheLastPartOfItsPath() {
    func name(_ path: String) -> String { SharedKeyID(kind: "file", name: path).displayName }
    #expect(name("/data/dex/favorites.json") == "favorites.json")
    #expect(name("favorites.json") == "favorites.json")
    #expect(name("/data/dex/notes/") == "notes")
    #expect(name("/") == "/")
    #expect(SharedKeyID(kind: "appStorage", name: "pageSize").displayName == "appStorage:pageSize")
  }

  @Test func aKeyRefusesOnlyWhatItsCheckFindsAReasonAgainst() {
    #expect(InMemoryKey<Int>.Default.level.refusal(of: 100) == nil)
    #expect(InMemoryKey<Int>.Default.level.refusal(of: 101) == "level 101 is outside 1…100")
    #expect(InMemoryKey<Int>.Default[.inMemory("free"), default: 0].refusal(of: .max) == nil)
  }

  @Test func aDecodedSnapshotLeavesOutARefusedValueAndNamesItsOffset() {
    let level = Shared(.level)
    #expect(level.wrappedValue == 5)
    let container = SharedContainer.resolved
    let key = InMemoryKey<Int>.Default.level.id
    let (snapshot, problems, refused) = container.decodeSnapshot([
      (key, Data("9223372036854775807".utf8)), (key, Data("7".utf8)),
    ])
    #expect(snapshot.keys == [key])
    #expect(problems.isEmpty)
    #expect(refused.map(\.offset) == [0])
    #expect(refused.map(\.reason) == ["level 9223372036854775807 is outside 1…100"])
    #expect(container.refusal(of: 7, for: key) == nil)
    #expect(container.refusal(of: 0, for: key) == "level 0 is outside 1…100")
  }
}
