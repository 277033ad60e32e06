// dex-bench: measures the rows B1…B8, W1…W6, T1, the realistic replay and S1, prints one table and,
// after a full run, writes it to BENCHMARKS.md. Every timed budget is a ratio of two figures
// measured interleaved in this one process (see Measurement). Run from the repository root
// after `swift build -c release`:
//   .build/release/dex-bench [--check] [--json] [ROW…]
// --check exits 1 when a budget is missed; --json prints the rows as JSON instead of the table;
// ROW (B1…B8, W1…W6, T1, realistic, S1) runs only those rows and leaves BENCHMARKS.md alone.
import Foundation
import PokedexCore
import Composable

let arguments = Array(CommandLine.arguments.dropFirst())
let scratch = FileManager.default.temporaryDirectory
  .appendingPathComponent("dex-bench-\(getpid())", isDirectory: true)
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

/// Removes the scratch directory, then exits (`exit` skips top-level `defer`s).
func finish(_ status: Int32) -> Never {
  try? FileManager.default.removeItem(at: scratch)
  exit(status)
}
// Nothing the benchmark runs touches the user's data: shared values stay in memory or in the
// scratch directory, and the dex processes get a temporary --data-dir.
DataDirectory.use(scratch.appendingPathComponent("data"))
let inMemory = SharedContainer(storage: .inMemory)

if arguments.first == "--memory-child" {
  let perAction = SharedContainer.$current.withValue(inMemory) { ProcessRows.historyMemoryChild() }
  print(String(format: "%.1f", perAction))
  finish(0)
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("dex-bench: \(message)\n".utf8))
  finish(status)
}

let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let processes = ProcessRows(
  dex: binaries.appendingPathComponent("dex").path,
  hello: binaries.appendingPathComponent("dex-bench-hello").path,
  benchmark: binaries.appendingPathComponent("dex-bench").path,
  directory: scratch)
for tool in [processes.dex, processes.hello] where !FileManager.default.isExecutableFile(atPath: tool) {
  fail("\(tool) is missing; run 'swift build -c release' first.", status: 2)
}

func inMemoryState(_ measure: @escaping () -> [Row]) -> () -> [Row] {
  { SharedContainer.$current.withValue(inMemory) { measure() } }
}

/// B4's child measures memory, not time: it starts first and runs alongside the rows timed on
/// this thread's CPU clock; it is collected before the rows that time processes by the wall
/// clock, which it would slow.
var memoryChild: ChildProcess?

/// Each measure, the names that select it, the rows it produces (in table order), and whether
/// it times processes by the wall clock.
let measures: [(keys: [String], run: () -> [Row], isWallClock: Bool)] = [
  (["B1"], inMemoryState(StoreRows.store), false),
  (["B2"], inMemoryState(DiffRows.inspector), false),
  (["B3"], inMemoryState(DiffRows.diffScaling), false),
  (["B4"], { memoryChild.map(processes.historyMemory) ?? [] }, true),
  (["B5"], processes.replay, true),
  (["B6"], processes.startUp, true),
  (["B7"], inMemoryState(StoreRows.forEach), false),
  (["W1"], inMemoryState { StoreRows.send() + DiffRows.observedSend() }, false),
  (["W2"], inMemoryState(StoreRows.forEachScaling), false),
  (["W3", "W4"], inMemoryState(DiffRows.rowDiffs), false),
  (["W5"], inMemoryState(StoreRows.stackDepth), false),
  (["W6"], inMemoryState(DiffRows.printedSend), false),
  (["T1"], inMemoryState(TraceRows.traced), false),
  (["REALISTIC"], processes.realisticReplay, true),
  (["B8"], { PageRows.page(processes) }, true),
  (["S1"], { SharedFileRows.externalChange(directory: scratch) }, true),
]

let rowNames = measures.flatMap(\.keys).map { $0 == "REALISTIC" ? "realistic" : $0 }
  .joined(separator: ", ")
var selected: Set<String> = []
var checks = false
var printsJSON = false
for argument in arguments {
  switch argument {
  case "--check": checks = true
  case "--json": printsJSON = true
  case "--help", "-h":
    print(
      """
      Usage: dex-bench [--check] [--json] [ROW…]

      Measures dex's budgets (BENCHMARKS.md says what each row measures) as interleaved ratios
      and prints one line per row; with no ROW, every row. Build it in release and run it from
      the build folder: it starts dex and dex-bench-hello beside it.
        --check   exit 1 when a row misses its budget
        --json    one JSON document with every round's ratio instead of the table
        ROW       \(measures.flatMap(\.keys).map { $0 == "REALISTIC" ? "realistic" : $0 }.joined(separator: ", "))
      """)
    exit(0)
  case _ where measures.contains { $0.keys.contains(argument.uppercased()) }:
    selected.insert(argument.uppercased())
  default:
    fail(
      "unknown argument '\(argument)'; use --check, --json or rows among "
        + rowNames + ".", status: 2)
  }
}

let chosen = measures.indices.filter { selected.isEmpty || !selected.isDisjoint(with: measures[$0].keys) }
let memoryRow = measures.firstIndex { $0.keys == ["B4"] }
if let memoryRow, chosen.contains(memoryRow) { memoryChild = processes.startHistoryMemory() }
var rowsByMeasure: [Int: [Row]] = [:]
let started = Measurement.now()
// This thread's rows first (B4's child runs alongside), then B4, then the other process rows.
let inProcess = chosen.filter { !measures[$0].isWallClock }
let wallClock = chosen.filter { measures[$0].isWallClock && $0 != memoryRow }
for index in inProcess + chosen.filter({ $0 == memoryRow }) + wallClock {
  FileHandle.standardError.write(
    Data("\(Date()) \(measures[index].keys.joined(separator: ", "))…\n".utf8))
  rowsByMeasure[index] = measures[index].run()
}
let rows = chosen.flatMap { rowsByMeasure[$0] ?? [] }
let elapsed = Measurement.now() - started

let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
  .split(separator: "\n").first { $0.hasPrefix("model name") }
  .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
  ?? "unknown CPU"
let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores (`nproc`), \(cpu)"
let date = ISO8601DateFormatter().string(from: Date())
let table = Table.text(rows)
print(printsJSON ? Table.json(rows, date: date, machine: machine) : table)
if selected.isEmpty {
  let report = BenchmarkGuide.document(table: table, date: date, machine: machine, seconds: elapsed)
  try? report.write(toFile: "BENCHMARKS.md", atomically: true, encoding: .utf8)
}
let missed = rows.filter { !$0.withinBudget }.map(\.label)
if !missed.isEmpty {
  FileHandle.standardError.write(Data("dex-bench: budget missed: \(missed.joined(separator: ", "))\n".utf8))
  if checks { finish(1) }
}
finish(0)
