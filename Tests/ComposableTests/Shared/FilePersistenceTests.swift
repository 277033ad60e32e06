import DexPlatform
import DexTesting
import Foundation
import Composable
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The favorites file for real: atomic, shared by processes, never lost, never overwritten.
@Suite(.isolatedSharedState, .serialized) struct FilePersistenceTests {
  let directory: URL
  let file: URL
  let errors = Recorder()
  let container: SharedContainer

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-shared-\(UUID().uuidString)/nested")
    file = directory.appendingPathComponent("favorites.json")
    let errors = errors
    container = SharedContainer(storage: .persistent) { errors.record($0) }
  }

  func favorites(in container: SharedContainer? = nil) -> Shared<Set<Int>> {
    SharedContainer.$current.withValue(container ?? self.container) {
      Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])
    }
  }

  /// A container whose lock waits are announced after 50 ms and given up after 300 ms.
  func impatientContainer(isInterrupted: @escaping @Sendable () -> Bool = { false }) -> SharedContainer {
    let errors = errors
    return SharedContainer(
      storage: .persistent,
      lockWaiting: FileLockWaiting(
        notice: .milliseconds(50), timeout: .milliseconds(300), isInterrupted: isInterrupted)
    ) { errors.record($0) }
  }

  /// Holds the lock of the favorites file, as another process's `flock` would, until released.
  func holdLock() throws -> Int32 {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let descriptor = open(file.path + ".lock", O_RDWR | O_CREAT, 0o644)
    #expect(flock(descriptor, LOCK_EX) == 0)
    return descriptor
  }

  func fileText() -> String? {
    (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
  }

  func probe(_ arguments: String...) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = try builtExecutable(named: "dex-shared-probe")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let status = try await process.runUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (status, text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test func aMissingFileReadsAsTheDefaultAndTheFirstWriteCreatesItsDirectories() {
    let shared = favorites()
    #expect(shared.wrappedValue == [])
    #expect(!FileManager.default.fileExists(atPath: directory.path))
    shared.withLock { $0 = [25, 1] }
    container.flush()
    #expect(fileText() == "[1,25]")
    #expect(errors.all.isEmpty)
  }

  @Test func aSetOfIdsIsWrittenAsJSONEncoderWritesItsElementsInOrder() throws {
    let shared = favorites()
    for ids: Set<Int> in [[], [7], [1025, -3, 0, 25, Int.max, Int.min]] {
      shared.withLock { $0 = ids }
      container.flush()
      let expected = String(decoding: try JSONEncoder().encode(ids.sorted()), as: UTF8.self)
      #expect(fileText() == expected)
    }
    #expect(errors.all.isEmpty)
  }

  @Test func manyMutationsAreCoalescedIntoOneFileThatHoldsTheLast() {
    let shared = favorites()
    for id in 1...500 { shared.withLock { $0.insert(id) } }
    container.flush()
    #expect(fileText() == "[" + (1...500).map(String.init).joined(separator: ",") + "]")
  }

  @Test func restoringAnEmptySetWritesAnEmptyArray() {
    let shared = favorites()
    shared.withLock { $0 = [7] }
    let snapshot = container.snapshot()
    shared.withLock { $0 = [] }
    container.flush()
    #expect(fileText() == "[]")
    shared.withLock { $0 = [8] }
    container.restore(snapshot)
    container.flush()
    #expect(fileText() == "[7]")
  }

  @Test func aValueWrittenHereIsReadByAFreshChildProcess() async throws {
    let shared = favorites()
    shared.withLock { $0 = [4, 150] }
    container.flush()
    let result = try await probe("read", file.path)
    #expect(result.status == 0)
    #expect(result.output == "4,150")
  }

  @Test func twoProcessesTogglingDisjointFavoritesLoseNothing() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    async let first = probe("toggle", file.path, "1", "200")
    async let second = probe("toggle", file.path, "201", "400")
    let statuses = try await [first.status, second.status]
    #expect(statuses == [0, 0])
    #expect(fileText() == "[" + (1...400).map(String.init).joined(separator: ",") + "]")
  }

  @Test func aChildKilledMidWriteFiftyTimesAlwaysLeavesAValueItWrote() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var generator = SystemRandomNumberGenerator()
    var kills = 0
    for _ in 0..<50 {
      let process = Process()
      process.executableURL = try builtExecutable(named: "dex-shared-probe")
      process.arguments = ["count", file.path]
      // Waiting without blocking a thread of the concurrency pool (other tests need them).
      let exit = Task { try await process.runUntilExit() }
      while process.processIdentifier == 0 { try await Task.sleep(for: .milliseconds(1)) }
      try await Task.sleep(for: .milliseconds(Int.random(in: 5...40, using: &generator)))
      let pid = process.processIdentifier
      if pid > 0 { kill(pid, SIGKILL) }
      _ = try await exit.value
      kills += process.terminationReason == .uncaughtSignal ? 1 : 0
      // Every value the child writes is {0, 1, …, n}: the file must hold one of them.
      if let text = fileText() {
        let ids = try JSONDecoder().decode([Int].self, from: Data(text.utf8))
        #expect(ids == Array(0..<ids.count), "torn or foreign value: \(text)")
      }
      try? FileManager.default.removeItem(at: file)
    }
    #expect(kills == 50)
  }

  @Test func aCorruptFileIsMovedAsideReportedAndReadAsTheDefault() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let garbage = Data("[1, 2, oops".utf8)
    try garbage.write(to: file)
    let shared = favorites()
    #expect(shared.wrappedValue == [])
    #expect(errors.all.count == 1)
    #expect(errors.all.first?.hasPrefix("\(file.path) is not valid JSON (") == true)
    let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("favorites.json.corrupt-") }
    #expect(aside.count == 1)
    let moved = try Data(contentsOf: directory.appendingPathComponent(aside[0]))
    #expect(moved == garbage)
    #expect(errors.all.first?.contains(aside[0]) == true)
    shared.withLock { $0.insert(3) }
    container.flush()
    #expect(fileText() == "[3]")
    #expect(try Data(contentsOf: directory.appendingPathComponent(aside[0])) == garbage)
  }

  // How soon: dex-bench's S1 row (a wall-clock bound here would fail on a loaded machine).
  @Test func aChangeByAnotherProcessIsSeen() async throws {
    let shared = favorites()
    #expect(shared.wrappedValue == [])
    let written = try await probe("write", file.path, "9", "99")
    #expect(written.status == 0)
    #expect(try await sees(shared, hold: [9, 99]))
  }

  /// Waits (up to ten seconds) until `shared` holds `expected`; whether it did.
  func sees(_ shared: Shared<Set<Int>>, hold expected: Set<Int>) async throws -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    while shared.wrappedValue != expected, clock.now - start < .seconds(10) {
      try await Task.sleep(for: .milliseconds(1))
    }
    return shared.wrappedValue == expected
  }

  @Test func aChangeByAnotherProcessInAWatchedDirectoryIsSeen() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let shared = favorites()
    let written = try await probe("write", file.path, "9", "99")
    #expect(written.status == 0)
    #expect(try await sees(shared, hold: [9, 99]))
  }

  @Test func anotherWritersFileWithTheStampOfOursIsToldApartByItsBytes() async throws {
    let shared = favorites()
    shared.withLock { $0 = [5] }
    container.flush()
    var ours = stat()
    #expect(stat(file.path, &ours) == 0)
    // Two atomic writes of the same size, quicker than the watcher looks: the second file is
    // given the inode that ours freed (ext4 does so at once), and its modification time is set
    // to ours, as a coarse clock would.
    func replace(with text: String) {
      let temporary = file.path + ".other"
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      _ = text.withCString { write(descriptor, $0, strlen($0)) }
      close(descriptor)
      rename(temporary, file.path)
    }
    var theirs = stat()
    replace(with: "[7]")
    replace(with: "[9]")
    #expect(stat(file.path, &theirs) == 0)
    // A file system that does not give the inode again cannot make the two stamps equal.
    guard theirs.st_ino == ours.st_ino else { return }
    var times = [ours.st_atim, ours.st_mtim]
    #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
    let expected = Set(try JSONDecoder().decode([Int].self, from: Data(contentsOf: file)))
    #expect(expected != [5])
    // Waits for the watcher at most 30 s: a whole `swift test` on two cores can starve it.
    let clock = ContinuousClock()
    let start = clock.now
    while shared.wrappedValue != expected, clock.now - start < .seconds(30) {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(shared.wrappedValue == expected)
  }

  @Test func anEmptyFileReadsAsTheDefaultWithNoError() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data().write(to: file)
    let shared = favorites()
    #expect(shared.wrappedValue == [])
    shared.withLock { $0.insert(7) }
    container.flush()
    #expect(fileText() == "[7]")
    #expect(errors.all.isEmpty)
  }

  @Test func aFileDeletedOrMovedAwayReadsAsTheDefaultAndMovedBackAsItsValue() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("[1]".utf8).write(to: file)
    let shared = favorites()
    #expect(shared.wrappedValue == [1])
    let elsewhere = directory.appendingPathComponent("elsewhere.json")
    try FileManager.default.moveItem(at: file, to: elsewhere)
    #expect(try await sees(shared, hold: []))
    try FileManager.default.moveItem(at: elsewhere, to: file)
    #expect(try await sees(shared, hold: [1]))
    try FileManager.default.removeItem(at: file)
    #expect(try await sees(shared, hold: []))
    #expect(errors.all.isEmpty)
  }

  /// Waits (up to ten seconds) until the favorites file reads `text`; whether it did.
  func fileReads(_ text: String) -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    while fileText() != text, clock.now - start < .seconds(10) { usleep(500) }
    return fileText() == text
  }

  @Test func aChangeAfterAQuietSpellIsWrittenAtOnceAndABurstTogether() throws {
    // The writes gather for a minute, on a clock the test moves: a change written "at once" is
    // one seen in the file long before the minute is up, with no clock moved.
    let skipped = LockedValue(Duration.zero)
    let timing = FileWriteTiming(
      coalescingDelay: .seconds(60), now: { ContinuousClock.now + skipped.withLock { $0 } })
    let errors = errors
    let container = SharedContainer(
      storage: .persistent, fileWriteTiming: timing, reportError: { errors.record($0) })
    let shared = favorites(in: container)
    shared.withLock { $0 = [1] }
    #expect(fileReads("[1]"), "the first change is written at once")
    for id in 2...50 { shared.withLock { $0.insert(id) } }
    #expect(fileText() == "[1]", "the burst after a write waits for the rest of the minute")
    container.flush()
    #expect(fileText() == "[" + (1...50).map(String.init).joined(separator: ",") + "]")
    skipped.withLock { $0 += .seconds(61) }
    shared.withLock { $0 = [51] }
    #expect(fileReads("[51]"), "a change after a quiet spell is written at once")
    shared.withLock { $0 = [52] }
    #expect(fileText() == "[51]", "and one right after it waits again")
    container.flush()
    #expect(fileText() == "[52]")
  }

  @Test func anUnwritableDirectoryIsReportedOnceAndTheValueIsKept() throws {
    let blocker = directory.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not a directory".utf8).write(to: blocker)
    let shared = favorites()
    shared.withLock { $0 = [1] }
    container.flush()
    shared.withLock { $0 = [1, 2] }
    container.flush()
    #expect(shared.wrappedValue == [1, 2])
    #expect(errors.all.count == 1)
    #expect(errors.all.first?.hasPrefix("cannot write \(file.path):") == true)
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
  }

  @Test(arguments: [
    ("[1, 2, oops", "is not valid JSON (unexpected 'o' at line 1, column 8)"),
    ("[25,]", "is not valid JSON (unexpected ']' at line 1, column 5)"),
    ("[1.5]", "holds JSON of the wrong kind for Set<Int> (a number in it does not fit: a fraction, or out of range)"),
    ("[9223372036854775808]", "holds JSON of the wrong kind for Set<Int> (a number in it does not fit: a fraction, or out of range)"),
    ("[1,\"a\"]", "holds JSON of the wrong kind for Set<Int> (expected Int at '[1]', found a string)"),
    ("\u{FEFF}[7]", nil),
  ])
  func aFileThatHoldsNoSetOfIdsIsReportedForWhatItHolds(contents: String, problem: String?) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
    let shared = favorites()
    guard let problem else {
      #expect(shared.wrappedValue == [7])
      #expect(errors.all.isEmpty)
      return
    }
    #expect(shared.wrappedValue == [])
    #expect(errors.all.count == 1)
    #expect(errors.all.first?.hasPrefix("\(file.path) \(problem); its bytes were moved to ") == true, "\(errors.all)")
  }

  @Test func aFileOverOneMegabyteIsCorruptBySizeAndMovedAsideUnread() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let big = "[" + Array(repeating: "1", count: 600_000).joined(separator: ",") + "]"
    try Data(big.utf8).write(to: file)
    let shared = favorites()
    #expect(shared.wrappedValue == [])
    #expect(
      errors.all.first?.hasPrefix(
        "\(file.path) is 1200001 bytes, more than the 1048576 a shared value's file may hold "
          + "(corrupt by size); its bytes were moved to ") == true, "\(errors.all)")
    #expect(fileText() == nil)
  }

  @Test func aFIFOIsNeverReadNorReplacedAndItsTogglesAreHandedBackAtTheEnd() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    #expect(mkfifo(file.path, 0o644) == 0)
    let shared = favorites()
    shared.withLock { $0.insert(25) }
    container.flush()
    #expect(
      errors.all == [
        "cannot read \(file.path): it is a FIFO, not a regular file. Changes are kept in memory "
          + "and retried on every change and at exit."
      ])
    let unwritten = container.finishWriting()
    #expect(unwritten.count == 1)
    #expect(unwritten.first?.stored as? Set<Int> == [])
    #expect(unwritten.first?.intended as? Set<Int> == [25])
    #expect(unwritten.first?.reason == "cannot read \(file.path): it is a FIFO, not a regular file")
    var status = stat()
    lstat(file.path, &status)
    #expect(status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func togglesKeptWhileTheFileWasADirectoryAreMergedIntoTheFileThatReplacesIt() async throws {
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    let shared = favorites()
    let external = Recorder()
    container.observeExternalChanges { changes in
      for change in changes { external.record("\(change.old) → \(change.new)") }
    }
    shared.withLock { $0.insert(1) }
    container.flush()
    #expect(errors.all.first?.hasPrefix("cannot read \(file.path): it is a directory") == true)
    try FileManager.default.removeItem(at: file)
    try Data("[7]".utf8).write(to: file)
    shared.withLock { $0.insert(4) }
    container.flush()
    #expect(fileText() == "[1,4,7]")
    #expect(shared.wrappedValue == [1, 4, 7])
    #expect(container.finishWriting().isEmpty)
  }

  @Test func aHeldLockIsAnnouncedThenGivenUpAndTheTogglesAreWrittenOnceItIsFree() throws {
    let lock = try holdLock()
    let container = impatientContainer()
    let shared = favorites(in: container)
    shared.withLock { $0.insert(1) }
    let clock = ContinuousClock()
    let start = clock.now
    container.flush()
    #expect(clock.now - start < .seconds(5), "gave up long before the usual 10 s")
    #expect(
      errors.all == [
        "waiting for \(file.path).lock, held by another process…",
        "gave up waiting for \(file.path).lock, held by another process. Changes are kept in "
          + "memory and written once it is free (or at exit).",
      ])
    #expect(fileText() == nil)
    #expect(shared.wrappedValue == [1])
    close(lock)
    shared.withLock { $0.insert(4) }
    container.flush()
    #expect(fileText() == "[1,4]")
  }

  @Test func theEndWaitsForAHeldLockAtMostItsTimeoutAndHandsBackWhatWasNotWritten() throws {
    let lock = try holdLock()
    defer { close(lock) }
    let container = impatientContainer()
    let shared = favorites(in: container)
    shared.withLock { $0.insert(25) }
    let clock = ContinuousClock()
    let start = clock.now
    let unwritten = container.finishWriting()
    #expect(clock.now - start < .seconds(5), "gave up long before the usual 10 s")
    #expect(unwritten.first?.intended as? Set<Int> == [25])
    #expect(unwritten.first?.reason == "another process holds \(file.path).lock")
    #expect(!errors.all.contains { $0.hasPrefix("gave up") }, "the end reports it once: \(errors.all)")
  }

  @Test func anInterruptionStopsAWaitThatKeepsTheCallerWaiting() throws {
    let lock = try holdLock()
    defer { close(lock) }
    let container = impatientContainer(isInterrupted: { true })
    favorites(in: container).withLock { $0.insert(25) }
    container.flush()
    #expect(
      errors.all.last == "stopped waiting for \(file.path).lock. Changes are kept in memory and "
        + "retried on every change and at exit.")
  }

  @Test func aLockFileThatIsASymbolicLinkIsNeverFollowed() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let elsewhere = directory.appendingPathComponent("elsewhere").path
    symlink(elsewhere, file.path + ".lock")
    favorites().withLock { $0.insert(25) }
    container.flush()
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
    #expect(fileText() == nil)
    #expect(
      errors.all.first == "cannot lock \(file.path).lock: it is a symbolic link, which dex never "
        + "follows for a lock file; remove it. Changes are kept in memory and retried on every "
        + "change and at exit.")
  }

  @Test func heldValuesAreNotWrittenAndALaterChangeWritesOnlyItself() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("[1,2,3]".utf8).write(to: file)
    let shared = favorites()
    let differing = container.hold(container.snapshot().replacingValue(of: shared.keyID, with: Set([1, 25])))
    #expect(differing == [shared.keyID])
    container.flush()
    #expect(fileText() == "[1,2,3]")
    #expect(shared.wrappedValue == [1, 25])
    #expect(try container.storedValue(of: shared.keyID) as? Set<Int> == [1, 2, 3])
    shared.withLock { $0.insert(4) }
    container.flush()
    #expect(fileText() == "[1,2,3,4]")
  }
}
