import PokedexREPL
import DexREPLCore
import Foundation
import Composable
import PokedexCore

/// The rows that run processes: B4 (history memory, in child processes), B5 and the realistic
/// replay (`dex FILE` against the same actions sent to a store here) and B6 (start-up).
struct ProcessRows {
  var dex: String
  var hello: String
  var benchmark: String
  var directory: URL
  /// The shared values of the direct replays: persisted in the scratch directory, as dex's are.
  let container = SharedContainer(storage: .persistent)
  /// Runs of `dex FILE` and of the direct replays per row: a replay lasts seconds, so fewer
  /// rounds than in-process rows, still at least seven pairs.
  static let replayRounds = 7

  // MARK: B4 history memory

  /// Run in a child process: bytes of resident memory per recorded action.
  static func historyMemoryChild() -> Double {
    let session = DexSession<PokedexApp>(settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
    session.store.replaceState(Fixtures.app(rows: 1025))
    let ids = Array(1...1025)
    // Warm up: the code paths and allocator pools the loop uses.
    for index in 0..<300 { cycle(session, index, ids) }
    let before = Measurement.residentBytes()
    let count = 100_000
    for index in 0..<count { cycle(session, index, ids) }
    let after = Measurement.residentBytes()
    return Double(after - before) / Double(count)
  }

  static func cycle(_ session: DexSession<PokedexApp>, _ index: Int, _ ids: [Int]) {
    switch index % 3 {
    case 0: session.send(.favorites(.favoriteTapped(id: ids[index % ids.count])))
    case 1: session.send(.list(.rowTapped(id: ids[(index * 7) % ids.count])))
    default: session.send(.list(.destination(.dismiss)))
    }
  }

  /// Starts B4's child. It measures its own memory, not a time, so it runs alongside the rows
  /// timed on this thread's CPU clock, which it does not slow; the run is shorter.
  func startHistoryMemory() -> ChildProcess {
    ChildProcess(benchmark, ["--memory-child"])
  }

  /// B4 is a count of bytes, not a time: load on the machine does not change it (runs under
  /// load measure the same bytes), so it keeps an absolute budget, from one fresh process.
  func historyMemory(_ child: ChildProcess) -> [Row] {
    let output = child.finish().output
    let perAction = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
    return [
      Row(
        label: "B4 history", measured: String(format: "%.0f B/action", perAction),
        value: perAction,
        budgets: [
          Budget(
            baseline: "100,000 actions", figure: perAction,
            figureText: String(format: "%.0f B", perAction), limit: 512, limitText: "≤ 512 B")
        ],
        note: "resident memory growth of a fresh process")
    ]
  }

  // MARK: B5 and the realistic replay

  func replay() -> [Row] {
    replayRow(
      label: "B5 replay", script: .favorites(lines: 100_001), name: "favorites", limit: 15,
      note: "dex FILE > /dev/null: the list appears, then 100,000 fav lines")
  }

  func realisticReplay() -> [Row] {
    replayRow(
      label: "realistic replay", script: .realistic(lines: 100_000), name: "realistic", limit: 12,
      note: "100,000 lines: paging, details, favorites, team edits, searches on the manual clock")
  }

  /// `dex FILE` against the script's actions sent to a store in this process, interleaved.
  private func replayRow(
    label: String, script: ReplayScript, name: String, limit: Double, note: String
  ) -> [Row] {
    let file = directory.appendingPathComponent("\(name).dex")
    try? script.text.write(to: file, atomically: true, encoding: .utf8)
    let lines = script.steps.count
    var run = 0
    var failures = 0
    let timings = Measurement.interleaved(
      [
        Side("dex", operations: lines) {
          run += 1
          let data = directory.appendingPathComponent("\(name)-data-\(run)")
          if Self.run(dex, ["--data-dir", data.path, file.path], discardOutput: true).status != 0 {
            failures += 1
          }
        },
        Side("store", operations: lines) {
          SharedContainer.$current.withValue(container) { DirectReplay.run(script, container: container) }
        },
      ], rounds: Self.replayRounds, turn: 0, warmUp: false, clock: .wall)
    let rate = 1 / timings.median(0)
    var budget = Budget.ratio(timings, 0, to: 1, atMost: limit, baseline: "store")
    if failures > 0 {
      // A script that stops early is fast for the wrong reason.
      budget.figure = .infinity
      budget.figureText = "failed"
    }
    return [
      Row(
        label: label, measured: String(format: "%.0f lines/s", rate), value: timings.median(0),
        budgets: [budget],
        note: failures > 0 ? "dex exited non-zero on \(failures) runs of \(file.path)" : note)
    ]
  }

  // MARK: B6 start-up

  func startUp() -> [Row] {
    let empty = directory.appendingPathComponent("empty.dex")
    try? "".write(to: empty, atomically: true, encoding: .utf8)
    let data = directory.appendingPathComponent("startup-data").path
    let timings = Measurement.interleaved(
      [
        Side("dex") { Self.run(dex, ["--data-dir", data, empty.path], discardOutput: true) },
        Side("hello") { Self.run(hello, [], discardOutput: true) },
      ], rounds: 15, turn: 0, clock: .wall)
    return [
      Row(
        label: "B6 start-up", measured: "\(formatDuration(timings.median(0))) dex",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 1, atMost: 3)],
        note: "dex running an empty script against a program that loads Foundation")
    ]
  }

  // MARK: Processes

  /// Runs `executable` to its end: its exit status and, unless discarded, its standard output.
  @discardableResult
  static func run(
    _ executable: String, _ arguments: [String], discardOutput: Bool = false
  ) -> (status: Int32, output: String) {
    ChildProcess(executable, arguments, discardOutput: discardOutput).finish()
  }
}

/// A process started now and waited for later.
struct ChildProcess {
  private let process = Process()
  private let pipe = Pipe()
  private let discardOutput: Bool
  private let started: Bool

  init(_ executable: String, _ arguments: [String], discardOutput: Bool = false) {
    self.discardOutput = discardOutput
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = discardOutput ? FileHandle.nullDevice : pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    started = (try? process.run()) != nil
  }

  /// Waits for the process: its exit status (-1 when it did not start) and, unless discarded,
  /// its standard output.
  func finish() -> (status: Int32, output: String) {
    guard started else { return (-1, "") }
    let data = discardOutput ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
