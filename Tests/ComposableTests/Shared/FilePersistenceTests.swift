import DexTesting
import Foundation
import Composable
import Testing

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

  func favorites() -> Shared<Set<Int>> {
    SharedContainer.$current.withValue(container) {
      Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])
    }
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
    #expect(errors.all.first?.hasPrefix("\(file.path) does not decode (") == true)
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

  @Test func aChangeByAnotherProcessIsSeenWithinOneSecond() async throws {
    let shared = favorites()
    #expect(shared.wrappedValue == [])
    let written = try await probe("write", file.path, "9", "99")
    #expect(written.status == 0)
    let clock = ContinuousClock()
    let start = clock.now
    while shared.wrappedValue != [9, 99], clock.now - start < .seconds(2) {
      try await Task.sleep(for: .milliseconds(10))
    }
    let delay = clock.now - start
    #expect(shared.wrappedValue == [9, 99])
    #expect(delay < .seconds(1), "seen after \(delay)")
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
}
