import DexTesting
import Foundation
import Composable
import Testing

/// App storage kept in one JSON file, for real: a member per key, defaults written on first use,
/// another writer's changes picked up, writers of different keys merged.
@Suite(.isolatedSharedState, .serialized) struct AppStorageTests {
  let directory: TemporaryDirectory
  let file: URL
  let errors = Recorder()

  init() throws {
    directory = try TemporaryDirectory()
    file = directory.url.appendingPathComponent("data/settings.json")
  }

  /// A container of the app storage file, as a process of its own would have.
  func container() -> SharedContainer {
    let errors = errors
    return SharedContainer(storage: .persistent, appStorageURL: file) { errors.record($0) }
  }

  func shared<Value: AppStorable>(
    _ key: String, _ defaultValue: Value, in container: SharedContainer
  ) -> Shared<Value> {
    SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: defaultValue, .appStorage(key))
    }
  }

  func fileText() -> String? {
    (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
  }

  func write(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file, options: .atomic)
  }

  /// How long `condition` took to hold, waiting at most 30 s: a whole `swift test` on two
  /// cores can starve the watcher for seconds; how fast a change is seen is dex-bench's S1.
  func waitUntil(_ condition: () -> Bool) async -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    while clock.now - start < .seconds(30) {
      if condition() { return clock.now - start }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return nil
  }

  @Test func eachKindOfValueWritesItsDefaultOnFirstUseAndReadsAnotherWritersValue() async throws {
    let container = container()
    let bool = shared("bool", true, in: container)
    let int = shared("int", 42, in: container)
    let double = shared("double", 1.5, in: container)
    let string = shared("string", "Blob", in: container)
    let data = shared("data", Data([4, 2]), in: container)
    container.flush()
    #expect(fileText() == #"{"bool":true,"data":"BAI=","double":1.5,"int":42,"string":"Blob"}"#)
    let writer = self.container()
    shared("bool", true, in: writer).withLock { $0 = false }
    shared("int", 42, in: writer).withLock { $0 = 1729 }
    shared("double", 1.5, in: writer).withLock { $0 = 3 }
    shared("string", "Blob", in: writer).withLock { $0 = "Blob, Jr." }
    shared("data", Data([4, 2]), in: writer).withLock { $0 = Data([1, 7, 2, 9]) }
    writer.flush()
    let delay = await waitUntil {
      !bool.wrappedValue && int.wrappedValue == 1729 && double.wrappedValue == 3
        && string.wrappedValue == "Blob, Jr." && data.wrappedValue == Data([1, 7, 2, 9])
    }
    #expect(delay != nil)
    #expect(errors.all.isEmpty)
  }

  @Test func oneWriteFromOutsideThatChangesTwoKeysIsToldAsOneGroupOfTwoChanges() async throws {
    let container = container()
    let pageSize = shared("pageSize", 20, in: container)
    let level = shared("defaultLevel", 5, in: container)
    container.flush()
    let told = Recorder()
    container.observeExternalChanges { changes in
      told.record(changes.map { "\($0.key.displayName): \($0.old) → \($0.new)" }.sorted()
        .joined(separator: ", "))
    }
    try write(#"{"defaultLevel":9,"pageSize":50}"#)
    #expect(await waitUntil { level.wrappedValue == 9 && pageSize.wrappedValue == 50 } != nil)
    // The observers are told once every key took its new value.
    #expect(await waitUntil { !told.all.isEmpty } != nil)
    #expect(told.all == ["appStorage:defaultLevel: 5 → 9, appStorage:pageSize: 20 → 50"])
  }

  @Test func aMemberTheFileHasIsReadAndNotOverwrittenByTheDefault() throws {
    try write(#"{"pageSize":50}"#)
    let container = container()
    let pageSize = shared("pageSize", 20, in: container)
    let level = shared("defaultLevel", 5, in: container)
    container.flush()
    #expect(pageSize.wrappedValue == 50)
    #expect(level.wrappedValue == 5)
    #expect(fileText() == #"{"defaultLevel":5,"pageSize":50}"#)
  }

  // How soon: dex-bench's S1 row (a wall-clock bound here would fail on a loaded machine).
  @Test func aChangeWrittenByHandIsPickedUp() async throws {
    let container = container()
    let pageSize = shared("pageSize", 20, in: container)
    container.flush()
    try write(#"{"pageSize":30}"#)
    let delay = await waitUntil { pageSize.wrappedValue == 30 }
    #expect(delay != nil)
  }

  @Test func twoWritersChangingDifferentKeysLoseNothing() async throws {
    let first = container()
    let second = container()
    let pageSize = shared("pageSize", 20, in: first)
    let level = shared("defaultLevel", 5, in: second)
    for size in 21...40 {
      pageSize.withLock { $0 = size }
      level.withLock { $0 += 1 }
    }
    first.flush()
    second.flush()
    let delay = await waitUntil { fileText() == #"{"defaultLevel":25,"pageSize":40}"# }
    #expect(delay != nil, "the file holds \(fileText() ?? "nothing")")
  }

  @Test func aMemberOfAnotherKindReadsAsTheDefaultIsReportedAndIsKept() throws {
    try write(#"{"pageSize":"many"}"#)
    let container = container()
    let pageSize = shared("pageSize", 20, in: container)
    container.flush()
    #expect(pageSize.wrappedValue == 20)
    #expect(fileText() == #"{"pageSize":"many"}"#)
    #expect(
      errors.all == [
        "\(file.path) holds JSON of the wrong kind for Int (expected Int at 'pageSize', found a "
          + "string); the default 20 is used and the file is left as it is."
      ])
  }

  /// A key that accepts 1…100, as an app's page size does.
  func bounded(_ key: String, _ defaultValue: Int, in container: SharedContainer) -> Shared<Int> {
    SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: defaultValue, .appStorage(key, in: 1...100))
    }
  }

  @Test(arguments: [
    (#"{"pageSize":0}"#, 1, "holds pageSize 0, outside 1…100; 1 is used"),
    (#"{"pageSize":500}"#, 100, "holds pageSize 500, outside 1…100; 100 is used"),
    (#"{"pageSize":-7}"#, 1, "holds pageSize -7, outside 1…100; 1 is used"),
    (
      #"{"pageSize":2.5}"#, 20,
      "holds JSON of the wrong kind for Int (expected Int at 'pageSize', found a number with a "
        + "fraction); the default 20 is used"
    ),
    (
      #"{"pageSize":true}"#, 20,
      "holds JSON of the wrong kind for Int (expected Int at 'pageSize', found a boolean); the "
        + "default 20 is used"
    ),
  ])
  func aValueTheKeyDoesNotAcceptIsReportedAndTheFileIsKept(
    contents: String, used: Int, report: String
  ) throws {
    try write(contents)
    let container = container()
    let pageSize = bounded("pageSize", 20, in: container)
    _ = bounded("pageSize", 20, in: container)
    container.flush()
    #expect(pageSize.wrappedValue == used)
    #expect(errors.all == ["\(file.path) \(report) and the file is left as it is."])
    #expect(fileText() == contents)
  }

  @Test func aValueAnotherWriterSetsOutsideTheRangeIsClampedAndReportedOnce() async throws {
    let container = container()
    let pageSize = bounded("pageSize", 20, in: container)
    container.flush()
    try write(#"{"pageSize":0}"#)
    #expect(await waitUntil { pageSize.wrappedValue == 1 } != nil)
    try write(#"{"pageSize":0,"other":1}"#)
    try write(#"{"pageSize":40}"#)
    #expect(await waitUntil { pageSize.wrappedValue == 40 } != nil)
    #expect(
      errors.all == [
        "\(file.path) holds pageSize 0, outside 1…100; 1 is used and the file is left as it is."
      ])
  }

  @Test func aChangeMadeWhileTheFileHoldsAValueOutsideTheRangeIsWrittenOverIt() throws {
    try write(#"{"pageSize":0,"theme":"dark"}"#)
    let container = container()
    let pageSize = bounded("pageSize", 20, in: container)
    pageSize.withLock { $0 += 1 }
    container.flush()
    #expect(pageSize.wrappedValue == 2)
    #expect(fileText() == #"{"pageSize":2,"theme":"dark"}"#)
  }

  @Test func anEmptyFileReadsAsTheDefaultsWithNoError() throws {
    try write("")
    let container = container()
    #expect(shared("pageSize", 20, in: container).wrappedValue == 20)
    container.flush()
    #expect(fileText() == #"{"pageSize":20}"#)
    #expect(errors.all.isEmpty)
  }

  @Test func anInMemoryContainerKeepsAppStorageInMemory() {
    let container = SharedContainer(storage: .inMemory, appStorageURL: file)
    let pageSize = shared("pageSize", 20, in: container)
    pageSize.withLock { $0 = 50 }
    container.flush()
    #expect(pageSize.wrappedValue == 50)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func timeTravelWritesOnlyTheOwnChange() async throws {
    let container = container()
    let pageSize = shared("pageSize", 20, in: container)
    let before = container.snapshot()
    pageSize.withLock { $0 = 50 }
    let after = container.snapshot()
    container.flush()
    let writer = self.container()
    shared("defaultLevel", 5, in: writer).withLock { $0 = 9 }
    writer.flush()
    try container.travel(making: [(old: after, new: before)], to: before)
    container.flush()
    #expect(pageSize.wrappedValue == 20)
    let delay = await waitUntil { fileText() == #"{"defaultLevel":9,"pageSize":20}"# }
    #expect(delay != nil, "the file holds \(fileText() ?? "nothing")")
  }

  @Test func aChangeThatCannotBeWrittenIsHandedBackAtTheEndAndADefaultIsNot() throws {
    let blocker = directory.url.appendingPathComponent("data")
    try Data("a file".utf8).write(to: blocker)
    let container = container()
    let pageSize = shared("pageSize", 20, in: container)
    _ = shared("defaultLevel", 5, in: container)
    pageSize.withLock { $0 = 50 }
    let unwritten = container.finishWriting()
    #expect(unwritten.map(\.key.displayName) == ["appStorage:pageSize"])
    #expect(unwritten.first?.stored as? Int == 20)
    #expect(unwritten.first?.intended as? Int == 50)
  }
}
