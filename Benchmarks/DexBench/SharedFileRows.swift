import Composable
import Foundation

/// S1: how soon a shared value sees its file changed by another writer.
enum SharedFileRows {
  /// The rounds S1 times.
  static let rounds = 15

  /// A `Shared` on a file in `directory` sees an atomic write made beside it (as another `dex`
  /// writes) after the median of the rounds' delays; swift-sharing's own tests wait 100 ms.
  static func externalChange(directory: URL) -> [Row] {
    let folder = directory.appendingPathComponent("s1", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("favorites.json")
    let container = SharedContainer(storage: .persistent) { _ in }
    let shared = SharedContainer.$current.withValue(container) {
      Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])
    }
    var delays: [Double] = []
    for round in 1...rounds {
      // A quiet moment between rounds, so each change is one write the watcher has not seen.
      usleep(50_000)
      let start = Measurement.now()
      try? Data("[\(round)]".utf8).write(to: file, options: .atomic)
      while shared.wrappedValue != [round], Measurement.now() - start < 2 { usleep(100) }
      delays.append(Measurement.now() - start)
    }
    let median = Measurement.median(delays)
    return [
      Row(
        label: "S1 file change", measured: formatDuration(median), value: median,
        budgets: [
          Budget(
            baseline: "slowest \(formatDuration(delays.max() ?? median))", figure: median * 1e3,
            figureText: String(format: "%.1f ms", median * 1e3), limit: 100,
            limitText: "≤ 100 ms", rounds: delays)
        ],
        note: "another writer's atomic write of a shared file until the value holds it, median of \(rounds)")
    ]
  }
}
