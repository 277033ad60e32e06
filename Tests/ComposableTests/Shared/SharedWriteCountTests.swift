import DexTesting
import Foundation
import Composable
import Testing

/// A container hands back its last snapshot while no shared value was written: every kind of
/// write (a mutation, a restore, a held value, another process's file, a new key) is counted,
/// so no snapshot ever holds a value that was replaced.
@Suite(.isolatedSharedState, .serialized) struct SharedWriteCountTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("dex-write-count-\(UUID().uuidString)")
  var file: URL { directory.appendingPathComponent("favorites.json") }
  let container = SharedContainer(storage: .persistent) { _ in }

  func favorites() -> Shared<Set<Int>> {
    SharedContainer.$current.withValue(container) {
      Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])
    }
  }

  func level() -> Shared<Int> {
    SharedContainer.$current.withValue(container) { Shared(wrappedValue: 0, .inMemory("level")) }
  }

  @Test func aSnapshotWithNoWriteSinceTheLastIsThatSnapshot() {
    let shared = favorites()
    shared.withLock { $0 = [1] }
    let first = container.snapshot()
    let second = container.snapshot()
    #expect(second.isSameSnapshot(as: first))
    #expect(second[shared.keyID] as? Set<Int> == [1])
  }

  @Test func aMutationARestoreAndAHeldValueAreEachSeenByTheNextSnapshot() {
    let shared = favorites()
    shared.withLock { $0 = [1] }
    let one = container.snapshot()
    shared.withLock { $0.insert(2) }
    #expect(container.snapshot()[shared.keyID] as? Set<Int> == [1, 2])
    container.restore(one)
    #expect(container.snapshot()[shared.keyID] as? Set<Int> == [1])
    _ = container.hold(one.replacingValue(of: shared.keyID, with: Set([3])))
    #expect(container.snapshot()[shared.keyID] as? Set<Int> == [3])
    container.flush()
  }

  @Test func aKeyMadeAfterASnapshotIsInTheNextOne() {
    let shared = favorites()
    let before = container.snapshot()
    let added = level()
    #expect(before[added.keyID] == nil)
    #expect(container.snapshot()[added.keyID] as? Int == 0)
    #expect(container.snapshot()[shared.keyID] as? Set<Int> == [])
  }

  @Test func anUnnamedValueMadeWrittenAndReleasedIsSeenByTheNextSnapshot() {
    var count: Shared<Int>? = SharedContainer.$current.withValue(container) { Shared(value: 1) }
    let key = count?.keyID
    #expect(key.flatMap { container.snapshot()[$0] } as? Int == 1)
    count?.withLock { $0 = 2 }
    #expect(key.flatMap { container.snapshot()[$0] } as? Int == 2)
    count = nil
    #expect(key.flatMap { container.snapshot()[$0] } == nil)
  }

  @Test func aValueAnotherProcessWroteBetweenTwoSnapshotsIsInTheSecond() async throws {
    let shared = favorites()
    shared.withLock { $0 = [5] }
    container.flush()
    #expect(container.snapshot()[shared.keyID] as? Set<Int> == [5])
    let probe = Process()
    probe.executableURL = try builtExecutable(named: "dex-shared-probe")
    probe.arguments = ["write", file.path, "9", "99"]
    #expect(try await probe.runUntilExit() == 0)
    // Waits (up to ten seconds) for the watcher to load the file.
    let clock = ContinuousClock()
    let start = clock.now
    while shared.wrappedValue != [9, 99], clock.now - start < .seconds(10) {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(shared.wrappedValue == [9, 99])
    #expect(container.snapshot()[shared.keyID] as? Set<Int> == [9, 99])
  }
}
