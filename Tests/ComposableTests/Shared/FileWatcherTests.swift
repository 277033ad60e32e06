import DexTesting
import Foundation
import Composable
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The watcher under stress: another writer's atomic write right after dex's own is always seen,
/// whether dex is this process or real child processes, and however the writes alternate.
///
/// Bounded for the suite; `DEX_WATCHER_TRIES` and `DEX_WATCHER_WRITES` scale the races and the
/// alternating writes up for a measurement (`DEX_WATCHER_TRIES=1000 swift test --filter
/// FileWatcherTests`).
@Suite(.isolatedSharedState, .serialized) struct FileWatcherTests {
  let directory: TemporaryDirectory
  let file: URL
  let errors = Recorder()

  /// How many races each test runs; how many writes alternate.
  static let tries = count("DEX_WATCHER_TRIES", default: 100)
  static let writes = count("DEX_WATCHER_WRITES", default: 60)

  init() throws {
    directory = try TemporaryDirectory()
    file = directory.url.appendingPathComponent("favorites.json")
  }

  static func count(_ variable: String, default value: Int) -> Int {
    ProcessInfo.processInfo.environment[variable].flatMap { Int($0) } ?? value
  }

  // MARK: - The races

  @Test func anAtomicWriteRightAfterOurOwnIsAlwaysSeenInThisProcess() async throws {
    let errors = errors
    let file = file
    let misses = try await onOwnThread { () -> [String] in
      let container = SharedContainer(storage: .persistent) { errors.record($0) }
      let shared = SharedContainer.$current.withValue(container) {
        Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])
      }
      var misses: [String] = []
      for ours in 0..<Self.tries {
        let theirs = 100_000 + ours
        shared.withLock { $0 = [ours] }
        try Self.writeAtomically("[\(theirs)]", to: file, once: "[\(ours)]")
        if !Self.wait(until: { shared.wrappedValue == [theirs] }) {
          misses.append("try \(ours): still \(shared.wrappedValue.sorted()), not [\(theirs)]")
        }
      }
      return misses
    }
    #expect(misses.isEmpty, "\(misses.count) of \(Self.tries) missed: \(misses.prefix(3))")
    #expect(errors.all.isEmpty)
  }

  @Test func anAtomicWriteRightAfterOurOwnIsAlwaysSeenInAppStorage() async throws {
    let errors = errors
    let file = file
    let misses = try await onOwnThread { () -> [String] in
      let container = SharedContainer(storage: .persistent, appStorageURL: file) {
        errors.record($0)
      }
      let pageSize = SharedContainer.$current.withValue(container) {
        Shared(wrappedValue: 20, .appStorage("pageSize"))
      }
      container.flush()
      var misses: [String] = []
      for ours in 0..<(Self.tries / 4) {
        let theirs = 100_000 + ours
        pageSize.withLock { $0 = ours }
        try Self.writeAtomically(
          #"{"pageSize":\#(theirs)}"#, to: file, once: #"{"pageSize":\#(ours)}"#)
        if !Self.wait(until: { pageSize.wrappedValue == theirs }) {
          misses.append("try \(ours): still \(pageSize.wrappedValue), not \(theirs)")
        }
      }
      return misses
    }
    #expect(misses.isEmpty, "\(misses.count) of \(Self.tries / 4) missed: \(misses.prefix(3))")
    #expect(errors.all.isEmpty)
  }

  @Test func anAtomicWriteRightAfterAChildProcessesOwnIsAlwaysSeenByIt() async throws {
    let file = file
    let misses = try await onOwnThread { () -> [String] in
      let probe = try Probe(serving: file)
      defer { probe.end() }
      var misses: [String] = []
      for ours in 0..<(Self.tries / 4) {
        let theirs = 100_000 + ours
        try probe.send("set \(ours)")
        try Self.writeAtomically("[\(theirs)]", to: file, once: "[\(ours)]")
        let written = try probe.answer()
        let seen = try probe.ask("wait \(theirs)")
        if written != "ok" || seen != "seen" { misses.append("try \(ours): \(written), \(seen)") }
      }
      return misses
    }
    #expect(misses.isEmpty, "\(misses.count) of \(Self.tries / 4) missed: \(misses.prefix(3))")
  }

  @Test func twoChildProcessesAndAnOutsideWriterTakingTurnsEndHoldingTheLastValue() async throws {
    let file = file
    let (answers, stored) = try await onOwnThread { () -> ([String], String?) in
      let probes = [try Probe(serving: file), try Probe(serving: file)]
      defer { for probe in probes { probe.end() } }
      var answers: [String] = []
      // The outside writer writes last, right after a child: the turn easiest to miss.
      for value in 0..<Self.writes {
        switch (Self.writes - 1 - value) % 3 {
        case 0: try Self.writeAtomically("[\(value)]", to: file)
        case let turn:
          let answer = try probes[turn - 1].ask("set \(value)")
          if answer != "ok" { answers.append("set \(value): \(answer)") }
        }
      }
      let last = Self.writes - 1
      answers += try probes.map { try $0.ask("wait \(last)") }
      return (answers, try? String(contentsOf: file, encoding: .utf8))
    }
    #expect(answers == ["seen", "seen"])
    #expect(stored == "[\(Self.writes - 1)]")
  }

  // MARK: - The other writer

  /// Writes `text` to `file` in one step (a temporary file renamed over it), as an editor or
  /// another tool would, once the file holds `expected` (at once when nil).
  static func writeAtomically(_ text: String, to file: URL, once expected: String? = nil) throws {
    if let expected {
      let bytes = Data(expected.utf8)
      let deadline = ContinuousClock.now + .seconds(30)
      while (try? Data(contentsOf: file)) != bytes {
        guard ContinuousClock.now < deadline else { throw OutsideWriterError.neverWritten(expected) }
        usleep(50)
      }
    }
    try Data(text.utf8).write(to: file, options: .atomic)
  }

  /// Waits at most 30 s for `condition` (a whole `swift test` on two cores can starve the
  /// watcher for seconds); whether it held.
  static func wait(until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      usleep(500)
    }
    return true
  }

  enum OutsideWriterError: Error {
    case neverWritten(String)
  }
}

/// A `dex-shared-probe serve FILE` child: a real process holding the shared value of the file.
private final class Probe {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffered = Data()

  init(serving file: URL) throws {
    process.executableURL = try builtExecutable(named: "dex-shared-probe")
    process.arguments = ["serve", file.path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  func send(_ command: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
  }

  /// The next line the probe answers.
  func answer() throws(ProbeEnded) -> String {
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffered[..<newline]
        buffered.removeSubrange(...newline)
        return String(decoding: line, as: UTF8.self)
      }
      // What the pipe holds now (`read(upToCount:)` would wait for the whole count).
      let more = output.fileHandleForReading.availableData
      guard !more.isEmpty else { throw ProbeEnded() }
      buffered += more
    }
  }

  func ask(_ command: String) throws -> String {
    try send(command)
    return try answer()
  }

  /// Closes its input, which ends it, and waits for it.
  func end() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  struct ProbeEnded: Error {}
}

/// Runs `body` on a thread of its own, so that its waits never hold a thread of the concurrency
/// pool (other tests need them).
private func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try body() })
    }
  }
}
