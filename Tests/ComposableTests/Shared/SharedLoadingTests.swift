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
  /// Whether each save waits for the test's answer (`answerSave`) instead of `saveFailure`.
  let gatesSaves: Bool
  private let saves: AsyncStream<Failure?>
  private let saveAnswers: AsyncStream<Failure?>.Continuation

  init(gatesSaves: Bool = false) {
    self.gatesSaves = gatesSaves
    (loads, loadAnswers) = AsyncStream.makeStream()
    (saves, saveAnswers) = AsyncStream.makeStream()
  }

  /// Ends the save waiting (or the next to come): it fails with `failure`, succeeds with nil.
  func answerSave(_ failure: Failure?) {
    saveAnswers.yield(failure)
  }

  /// What the save under way is answered.
  func nextSaveFailure() async -> Failure? {
    guard gatesSaves else { return saveFailure.withLock { $0 } }
    var iterator = saves.makeAsyncIterator()
    return await iterator.next() ?? nil
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
    if let failure = await answers.nextSaveFailure() { throw failure }
    answers.saved.withLock { $0.append(value) }
  }
}

/// A custom key whose store tells of its own changes, as the test hands them in; it stores
/// nothing to load, and refuses to save a negative value.
struct PushingKey: AsyncSharedKey {
  typealias Value = Int
  let name: String
  let pushes: AsyncStream<Result<Int, any Error>>

  var id: SharedKeyID { SharedKeyID(kind: "pushing", name: name) }

  func load(context: SharedLoadContext<Int>) async throws -> Int? { nil }

  func save(_ value: Int, context: SharedSaveContext) async throws {
    if value < 0 { throw KeyAnswers.Failure(reason: "negative") }
  }

  func updates() -> AsyncStream<Result<Int, any Error>>? { pushes }
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

  // swift-sharing: ErrorThrowingTests.explicitRequireError (the second half)
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

  // swift-sharing: ErrorThrowingTests.implicitLoadError (the first load throws). swift-sharing
  // also reports the error as an issue; dex keeps it in `loadError`, where the REPL shows it.
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

  // swift-sharing: ErrorThrowingTests.userInitiatedLoadError
  @Test func aLoadAskedForThatThrowsThrowsItAndKeepsTheValueLoadedFirst() async {
    let value = SharedReader(wrappedValue: 0, GatedKey(name: "asked", answers: answers))
    answers.answerLoad(.success(42))
    #expect(await eventually { !value.isLoading })
    answers.answerLoad(.failure(.init(reason: "offline")))
    await #expect(throws: KeyAnswers.Failure(reason: "offline")) { try await value.load() }
    #expect(value.wrappedValue == 42)
    #expect(value.loadError as? KeyAnswers.Failure == .init(reason: "offline"))
  }

  // swift-sharing: ErrorThrowingTests.loadErrorSticksAround
  @Test func aLoadErrorStaysWhileTheNextLoadIsUnderWay() async throws {
    let value = SharedReader(wrappedValue: 0, GatedKey(name: "sticks", answers: answers))
    #expect(value.isLoading)
    #expect(value.loadError == nil)
    answers.answerLoad(.failure(.init(reason: "offline")))
    #expect(await eventually { !value.isLoading })
    #expect(value.loadError != nil)
    let loading = Task { try await value.load() }
    #expect(await eventually { value.isLoading })
    #expect(value.loadError != nil)
    answers.answerLoad(.success(42))
    try await loading.value
    #expect(!value.isLoading)
    #expect(value.loadError == nil)
    #expect(value.wrappedValue == 42)
  }

  // swift-sharing: ErrorThrowingTests.saveError
  @Test func aChangeWhoseSaveFailsSetsSaveErrorAndTheNextSavedChangeClearsIt() async {
    let value = Shared(wrappedValue: 0, GatedKey(name: "changes", answers: answers))
    answers.answerLoad(.success(nil))
    answers.saveFailure.withLock { $0 = .init(reason: "read-only") }
    value.withLock { $0 -= 1 }
    #expect(await eventually { value.saveError != nil })
    answers.saveFailure.withLock { $0 = nil }
    value.withLock { $0 += 1 }
    #expect(await eventually { value.saveError == nil })
    #expect(answers.saved.withLock { $0 } == [0])
  }

  // swift-sharing: ErrorThrowingTests.saveErrorSticksAround
  @Test func aSaveErrorStaysWhileTheNextSaveIsUnderWay() async {
    let answers = KeyAnswers(gatesSaves: true)
    let value = Shared(wrappedValue: 0, GatedKey(name: "saveSticks", answers: answers))
    answers.answerLoad(.success(nil))
    #expect(await eventually { !value.isLoading })
    value.withLock { $0 += 1 }
    answers.answerSave(.init(reason: "read-only"))
    #expect(await eventually { value.saveError != nil })
    value.withLock { $0 += 1 }
    #expect(value.saveError != nil)
    answers.answerSave(nil)
    #expect(await eventually { value.saveError == nil })
    #expect(answers.saved.withLock { $0 } == [2])
  }

  // swift-sharing: ErrorThrowingTests.subscribeError. swift-sharing's key is handed a
  // subscriber to call; a dex key hands back the stream of its store's changes (`updates()`).
  @Test func anErrorTheStoreTellsOfIsTheLoadErrorUntilItTellsOfAValue() async {
    let (pushes, push) = AsyncStream<Result<Int, any Error>>.makeStream()
    let count = SharedReader(wrappedValue: 0, PushingKey(name: "told", pushes: pushes))
    #expect(await eventually { !count.isLoading })
    push.yield(.failure(KeyAnswers.Failure(reason: "offline")))
    #expect(await eventually { count.loadError != nil })
    #expect(count.wrappedValue == 0)
    push.yield(.success(1))
    #expect(await eventually { count.wrappedValue == 1 })
    #expect(count.loadError == nil)
  }

  // swift-sharing: ErrorThrowingTests.saveErrorLoadErrorInterplay
  @Test func aValueTheStoreTellsOfClearsOnlyTheLoadErrorAndASavedChangeClearsBoth() async {
    let (pushes, push) = AsyncStream<Result<Int, any Error>>.makeStream()
    let count = Shared(wrappedValue: 0, PushingKey(name: "interplay", pushes: pushes))
    #expect(await eventually { !count.isLoading })
    push.yield(.failure(KeyAnswers.Failure(reason: "offline")))
    #expect(await eventually { count.loadError != nil })
    count.withLock { $0 -= 1 }
    #expect(await eventually { count.saveError != nil })
    #expect(count.loadError != nil)
    push.yield(.success(0))
    #expect(await eventually { count.loadError == nil })
    #expect(count.wrappedValue == 0)
    #expect(count.saveError != nil)
    push.yield(.failure(KeyAnswers.Failure(reason: "offline")))
    #expect(await eventually { count.loadError != nil })
    #expect(count.saveError != nil)
    count.withLock { $0 += 1 }
    #expect(await eventually { count.saveError == nil })
    #expect(count.loadError == nil)
  }

  // swift-sharing: CompileTimeTests.testSharedReaderLoadOverload. swift-sharing's reader
  // changes key in place for every copy; a dex reader is a value, so `load(_:)` is mutating
  // and a copy made before keeps following the key it had.
  @Test func aReaderLoadingAnotherKeyFollowsThatKeyFromThen() async throws {
    var value = SharedReader(wrappedValue: 0, GatedKey(name: "before", answers: answers))
    answers.answerLoad(.success(1))
    #expect(await eventually { value.wrappedValue == 1 })
    let copy = value
    let other = Shared(wrappedValue: 5, .inMemory("after"))
    try await value.load(.inMemory("after"))
    #expect(value.wrappedValue == 5)
    other.withLock { $0 = 6 }
    #expect(value.wrappedValue == 6)
    #expect(copy.wrappedValue == 1)
  }

  // swift-sharing: NotificationOrderingTests.changeNotificationIsEnqueuedAfterBackgroundStore
  @Test func whoeverIsToldOfALoadedValueReadsIt() async throws {
    let value = Shared(wrappedValue: 0, GatedKey(name: "told", answers: answers))
    answers.answerLoad(.success(nil))
    #expect(await eventually { !value.isLoading })
    let seen = LockedValue<[Int]>([])
    SharedContainer.resolved.observeExternalChanges { _ in
      seen.withLock { $0.append(value.wrappedValue) }
    }
    answers.answerLoad(.success(1))
    try await Task.detached { try await value.load() }.value
    #expect(await eventually { !seen.withLock { $0 }.isEmpty })
    #expect(seen.withLock { $0 } == [1])
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

  // swift-sharing: FileStorageTests.LiveTests.basics
  @Test func aMissingFileIsNoLoadErrorAndAChangeIsWrittenToIt() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let container = fileContainer()
    let users = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: [String](), .fileStorage(file))
    }
    #expect(users.loadError == nil)
    users.withLock { $0.append("Blob") }
    container.flush()
    #expect(try JSONDecoder().decode([String].self, from: Data(contentsOf: file)) == ["Blob"])
    #expect(users.loadError == nil)
    #expect(users.saveError == nil)
  }

  // swift-sharing: FileStorageTests.basics, which runs on an in-memory file system. dex's
  // in-memory container (every test's) keeps the value in memory and touches no file.
  @Test func inMemoryAFileKeyIsNoLoadErrorAndWritesNoFile() {
    let file = temporaryFile()
    let users = Shared(wrappedValue: [String](), .fileStorage(file))
    #expect(users.loadError == nil)
    users.withLock { $0.append("Blob") }
    #expect(users.wrappedValue == ["Blob"])
    #expect(users.saveError == nil)
    #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
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
