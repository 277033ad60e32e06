import DexTesting
import Foundation
import Composable
import Testing

/// Time travel on shared values: own changes made on what a value holds now, others' kept.
@Suite(.isolatedSharedState) struct SharedTravelTests {
  struct Profile: Codable, Equatable, Sendable {
    var name: String
  }

  @Test func aPersistedValueGetsOnlyTheOwnChangesAndKeepsAnotherWritersChange() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-travel-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("favorites.json")
    let container = SharedContainer(storage: .persistent) { _ in }
    let favorites = SharedContainer.$current.withValue(container) {
      Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])
    }
    let before = container.snapshot()
    favorites.withLock { $0.insert(1) }
    let after = container.snapshot()
    favorites.withLock { $0.insert(4) }  // as if another process had added 4
    try container.travel(making: [(old: after, new: before)], to: before)
    container.flush()
    #expect(favorites.wrappedValue == [4])
    #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "[4]")
  }

  @Test func aPersistedValueThatCannotMergeIsRefusedAndNothingChanges() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-travel-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let container = SharedContainer(storage: .persistent) { _ in }
    let (profile, favorites) = SharedContainer.$current.withValue(container) {
      (
        Shared(
          FileStorageKey<Profile>.Default[
            .fileStorage(directory.appendingPathComponent("profile.json")),
            default: Profile(name: "Ash")]),
        Shared(
          FileStorageKey<Set<Int>>.Default[
            .fileStorage(directory.appendingPathComponent("favorites.json")), default: []])
      )
    }
    let before = container.snapshot()
    profile.withLock { $0.name = "Misty" }
    favorites.withLock { $0.insert(1) }
    let after = container.snapshot()
    #expect(throws: SharedTravelError.self) {
      try container.travel(making: [(old: after, new: before)], to: before)
    }
    #expect(profile.wrappedValue == Profile(name: "Misty"))
    #expect(favorites.wrappedValue == [1])
    let error = try #require(
      throws: SharedTravelError.self,
      performing: { try container.travel(making: [(old: after, new: before)], to: before) })
    #expect(
      error.description
        == "profile.json holds a Profile, whose changes cannot be made again on the value "
        + "another process may have written (only sets, arrays, dictionaries and single values "
        + "can); time travel would overwrite it, so nothing changed. Make Profile conform to "
        + "MergeableValue.")
  }

  @Test func anInMemoryValueTakesTheTargetsValue() throws {
    let container = SharedContainer(storage: .inMemory)
    let count = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: 0, .inMemory("count"))
    }
    let before = container.snapshot()
    count.withLock { $0 = 3 }
    try container.travel(making: [], to: before)
    #expect(count.wrappedValue == 0)
  }
}
