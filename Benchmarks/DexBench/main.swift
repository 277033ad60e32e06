// dex-bench: measures the budgets B1…B8, prints one table, writes it to BENCHMARKS.md and exits
// non-zero naming every row whose budget is missed. Run from the repository root after
// `swift build -c release`: `.build/release/dex-bench`.
import Foundation
import PokedexCore
import Composable

let arguments = CommandLine.arguments.dropFirst()
let scratch = FileManager.default.temporaryDirectory
  .appendingPathComponent("dex-bench-\(getpid())", isDirectory: true)
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
// Nothing the benchmark runs touches the user's data: shared values stay in memory here, and
// the dex processes get a temporary --data-dir.
DataDirectory.use(scratch.appendingPathComponent("data"))
let inMemory = SharedContainer(storage: .inMemory)

if arguments.first == "--memory-child" {
  let perAction = SharedContainer.$current.withValue(inMemory) { Rows.historyMemoryChild() }
  print(String(format: "%.1f", perAction))
  exit(0)
}

let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let dex = binaries.appendingPathComponent("dex").path
let hello = binaries.appendingPathComponent("dex-bench-hello").path
let selfPath = binaries.appendingPathComponent("dex-bench").path
for tool in [dex, hello] where !FileManager.default.isExecutableFile(atPath: tool) {
  FileHandle.standardError.write(Data("dex-bench: \(tool) is missing; run 'swift build -c release' first.\n".utf8))
  exit(2)
}

func progress(_ text: String) {
  FileHandle.standardError.write(Data(("\(Date()) " + text + "\n").utf8))
}

// `dex-bench B1 B7` runs only those rows and leaves BENCHMARKS.md alone.
let selected = Set(arguments.map { $0.uppercased() })
let measures: [(label: String, run: () -> Row)] = [
  ("B1", { SharedContainer.$current.withValue(inMemory) { Rows.store() } }),
  ("B2", { SharedContainer.$current.withValue(inMemory) { Rows.inspector() } }),
  ("B3", { SharedContainer.$current.withValue(inMemory) { Rows.diffScaling() } }),
  ("B4", { Rows.historyMemory(executable: selfPath) }),
  ("B5", { Rows.replay(dex: dex, directory: scratch) }),
  ("B6", { Rows.startUp(dex: dex, hello: hello, directory: scratch) }),
  ("B7", { SharedContainer.$current.withValue(inMemory) { Rows.forEach() } }),
  ("B8", { SharedContainer.$current.withValue(inMemory) { Rows.page(directory: scratch) } }),
]
var rows: [Row] = []
for measure in measures where selected.isEmpty || selected.contains(measure.label) {
  progress("\(measure.label)…")
  rows.append(measure.run())
}

let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
  .split(separator: "\n").first { $0.hasPrefix("model name") }
  .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
  ?? "unknown CPU"
let formatter = ISO8601DateFormatter()
let table = ([Row.header] + rows.map(\.line)).joined(separator: "\n")
print(table)
let report = """
  # Benchmarks

  Produced by `.build/release/dex-bench` (after `swift build -c release`) on \(formatter.string(from: Date())),
  \(ProcessInfo.processInfo.activeProcessorCount) cores (`nproc`), \(cpu).
  Each figure is the median of 5 repetitions, each lasting at least 0.5 s; ratios are measured in
  one run, since these machines are noisy.

  ```text
  \(table)
  ```

  """
if selected.isEmpty {
  try? report.write(toFile: "BENCHMARKS.md", atomically: true, encoding: .utf8)
}
let missed = rows.filter { !$0.withinBudget }
if !missed.isEmpty {
  FileHandle.standardError.write(
    Data("dex-bench: budget missed: \(missed.map(\.label).joined(separator: ", "))\n".utf8))
  exit(1)
}
