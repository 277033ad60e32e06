import DexPlatform
import DexTesting
import Foundation
import Composable
import Testing

/// The answers a `GatedKey` gives, handed in by a test one at a time.
final class KeyAnswers: Sendable {
  struct Failure: Error, Equatable {
    let reason: String
  }

  private let loads: AsyncStream<Result<Int?, Failure>>
  private let loadAnswers: AsyncStream<Result<Int?, Failure>>.Continuation
  /// What each save is answered: nil succeeds.
  let saveFailure = LockedValue<Failure?>(nil)
  /// The values saved, in order.
  let saved = LockedValue<[Int]>([])

  init() {
    (loads, loadAnswers) = AsyncStream.makeStream()
  }

  /// Ends the load waiting (or the next to come) with `answer`.
  func answerLoad(_ answer: Result<Int?, Failure>) {
    loadAnswers.yield(answer)
  }

  func nextLoad() async throws -> Int? {
    var iterator = loads.makeAsyncIterator()
    guard let answer = await iterator.next() else { return nil }
    return try answer.get()
  }
}

/// A custom key whose load waits for the test's answer, and whose save fails when told.
struct GatedKey: AsyncSharedKey {
  typealias Value = Int
  let name: String
  let answers: KeyAnswers

  var id: SharedKeyID { SharedKeyID(kind: "gated", name: name) }

  func load(context: SharedLoadContext<Int>) async throws -> Int? {
    try await answers.nextLoad()
  }

  func save(_ value: Int, context: SharedSaveContext) async throws {
    if let failure = answers.saveFailure.withLock({ $0 }) { throw failure }
    answers.saved.withLock { $0.append(value) }
  }
}

/// Loading and saving as feature authors see them: `isLoading`, `loadError`, `saveError`,
/// `load()`, `save()`, `require` (swift-sharing's IsLoadingTests and ErrorThrowingTests), for
/// custom keys and for files.
@Suite(.isolatedSharedState) struct SharedLoadingTests {
  let answers = KeyAnswers()

  /// Whether `condition` held within 30 s (a whole `swift test` on two cores is slow).
  func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }

  // swift-sharing: IsLoadingTests.isLoading
  @Test func aCustomKeyIsLoadingUntilItsFirstLoadEndsThenHoldsWhatItLoaded() async {
    let value = SharedReader(wrappedValue: 0, GatedKey(name: "isLoading", answers: answers))
    #expect(value.isLoading)
    #expect(value.wrappedValue == 0)
    answers.answerLoad(.success(42))
    #expect(await eventually { !value.isLoading })
    #expect(value.wrappedValue == 42)
    #expect(value.loadError == nil)
  }

  // swift-sharing: IsLoadingTests.isLoadingReassign
  @Test func aReaderGivenANewKeyLoadsItsValue() async {
    var value = SharedReader(wrappedValue: 0, GatedKey(name: "first", answers: answers))
    answers.answerLoad(.success(42))
    #expect(await eventually { value.wrappedValue == 42 })
    let second = KeyAnswers()
    value = SharedReader(wrappedValue: 0, GatedKey(name: "second", answers: second))
    #expect(value.isLoading)
    #expect(value.wrappedValue == 0)
    second.answerLoad(.success(42))
    #expect(await eventually { !value.isLoading })
    #expect(value.wrappedValue == 42)
  }

  // swift-sharing: IsLoadingTests.isLoadingInitRequire
  @Test func requireWaitsForTheLoadAndIsNotLoadingAfterward() async throws {
    answers.answerLoad(.success(7))
    let value = try await SharedReader(require: GatedKey(name: "require", answers: answers))
    #expect(value.wrappedValue == 7)
    answers.answerLoad(.success(7))
    #expect(await eventually { !value.isLoading })
  }

  @Test func requireThrowsWhenTheKeyHoldsNothingOrCannotLoad() async {
    answers.answerLoad(.success(nil))
    await #expect(throws: SharedLoadError.notStored(SharedKeyID(kind: "gated", name: "none"))) {
      try await Shared(require: GatedKey(name: "none", answers: answers))
    }
    answers.answerLoad(.failure(.init(reason: "offline")))
    await #expect(throws: KeyAnswers.Failure(reason: "offline")) {
      try await Shared(require: GatedKey(name: "offline", answers: answers))
    }
  }

  @Test func aLoadThatThrowsKeepsTheValueAndSetsLoadErrorUntilOneSucceeds() async throws {
    let value = Shared(wrappedValue: 5, GatedKey(name: "loadError", answers: answers))
    answers.answerLoad(.failure(.init(reason: "offline")))
    #expect(await eventually { !value.isLoading })
    #expect(value.wrappedValue == 5)
    #expect(value.loadError as? KeyAnswers.Failure == .init(reason: "offline"))
    answers.answerLoad(.success(9))
    try await value.load()
    #expect(value.wrappedValue == 9)
    #expect(value.loadError == nil)
    // A part of the value shows its root's loading.
    answers.answerLoad(.failure(.init(reason: "timeout")))
    await #expect(throws: KeyAnswers.Failure.self) { try await value.load() }
    #expect(value.read { $0 * 2 }.loadError as? KeyAnswers.Failure == .init(reason: "timeout"))
  }

  // swift-sharing: ErrorThrowingTests.saveErrorWhenInvokingSave
  @Test func aSaveThatThrowsSetsSaveErrorAndOneThatSucceedsClearsIt() async throws {
    let value = Shared(wrappedValue: 0, GatedKey(name: "saveError", answers: answers))
    answers.answerLoad(.success(nil))
    answers.saveFailure.withLock { $0 = .init(reason: "read-only") }
    await #expect(throws: KeyAnswers.Failure(reason: "read-only")) { try await value.save() }
    #expect(value.saveError as? KeyAnswers.Failure == .init(reason: "read-only"))
    answers.saveFailure.withLock { $0 = nil }
    try await value.save()
    #expect(value.saveError == nil)
  }

  @Test func everyChangeIsSavedInOrder() async {
    let value = Shared(wrappedValue: 0, GatedKey(name: "order", answers: answers))
    answers.answerLoad(.success(nil))
    for _ in 1...5 { value.withLock { $0 += 1 } }
    #expect(await eventually { answers.saved.withLock { $0 } == [1, 2, 3, 4, 5] })
    #expect(value.saveError == nil)
  }

  // MARK: - Files

  func fileContainer() -> SharedContainer {
    SharedContainer(storage: .persistent) { _ in }
  }

  func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-loading-\(UUID().uuidString)/favorites.json")
  }

  @Test func aCorruptFileIsTheLoadErrorUntilTheFileHoldsAValueAgain() async throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("[1,".utf8).write(to: file)
    let container = fileContainer()
    let favorites = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: Set<Int>(), .fileStorage(file))
    }
    #expect(favorites.wrappedValue == [])
    let loadError = try #require(favorites.loadError)
    #expect("\(loadError)".contains("favorites.json is not valid JSON"))
    #expect(favorites.saveError == nil)
    #expect(!favorites.isLoading)
    favorites.withLock { $0 = [25] }
    container.flush()
    #expect(favorites.loadError == nil)
  }

  @Test func anUnreadableFileIsTheLoadErrorAndLoadThrowsIt() async throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("[4]".utf8).write(to: file)
    let container = fileContainer()
    let favorites = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: Set<Int>(), .fileStorage(file))
    }
    #expect(favorites.wrappedValue == [4])
    // A directory where the file was cannot be read as one, whoever runs the test.
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    await #expect(throws: (any Error).self) { try await favorites.load() }
    #expect(favorites.loadError != nil)
    // The watcher may have seen the file gone before the directory took its place: a removed
    // file reads as the default. A failed load never changes the value it had.
    #expect(favorites.wrappedValue == [4] || favorites.wrappedValue == [])
    try FileManager.default.removeItem(at: file)
    try Data("[4,7]".utf8).write(to: file)
    try await favorites.load()
    #expect(favorites.loadError == nil)
    #expect(favorites.wrappedValue == [4, 7])
  }

  @Test func requireOfAFileThrowsWhileThereIsNoFileAndReadsItOnceThereIs() async throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let container = fileContainer()
    await #expect(throws: SharedLoadError.self) {
      try await SharedContainer.$current.withValue(container) {
        try await Shared<Set<Int>>(require: .fileStorage(file))
      }
    }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("[1,25]".utf8).write(to: file)
    let favorites = try await SharedContainer.$current.withValue(container) {
      try await Shared<Set<Int>>(require: .fileStorage(file))
    }
    #expect(favorites.wrappedValue == [1, 25])
  }

  @Test func anAppStorageMemberOfTheWrongKindIsTheLoadError() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-loading-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("settings.json")
    try Data(#"{"pageSize":"abc"}"#.utf8).write(to: url)
    let container = SharedContainer(storage: .persistent, appStorageURL: url) { _ in }
    let pageSize = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: 20, .appStorage("pageSize"))
    }
    #expect(pageSize.wrappedValue == 20)
    let loadError = try #require(pageSize.loadError)
    #expect("\(loadError)".contains("pageSize"))
  }
}
