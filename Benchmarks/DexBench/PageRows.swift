import Composable
import DexREPLCore
import Foundation
import PokedexCore
import PokedexREPL

/// B8: the HTML page of a long session (`dex --html`).
enum PageRows {
  /// B8's session as a script of about `entries` entries over the full 1,025-row list: the list
  /// appears and every page loads (a sent and a received entry each), then favorites, details
  /// opened and closed.
  static func script(entries: Int) -> ReplayScript {
    var steps: [ReplayScript.Step] = [.send(.list(.onAppear))]
    for id in stride(from: 20, to: 1025, by: 20) { steps.append(.send(.list(.rowAppeared(id: id)))) }
    let received = steps.count
    var index = 0
    while steps.count + received < entries {
      switch index % 3 {
      case 0: steps.append(.favorite(index % 1025 + 1))
      case 1: steps.append(.send(.list(.rowTapped(id: (index * 7) % 1025 + 1))))
      default: steps.append(.send(.list(.destination(.dismiss))))
      }
      index += 1
    }
    return ReplayScript(steps: steps)
  }

  /// `dex --html PAGE FILE` against `dex FILE` on the 10,000-entry session, interleaved, and the
  /// size of the 100,000-entry session's page against the 10,000-entry one's.
  static func page(_ processes: ProcessRows) -> [Row] {
    let directory = processes.directory
    let file = directory.appendingPathComponent("page-10000.dex")
    try? script(entries: 10_000).text.write(to: file, atomically: true, encoding: .utf8)
    let page = directory.appendingPathComponent("page-10000.html")
    var run = 0
    var failures = 0
    /// Runs `dex` on a fresh data directory (favorites persist there), counting failures.
    func dex(_ arguments: [String]) {
      run += 1
      let data = directory.appendingPathComponent("page-data-\(run)").path
      let status = ProcessRows.run(
        processes.dex, ["--data-dir", data] + arguments, discardOutput: true
      ).status
      if status != 0 { failures += 1 }
    }
    let timings = Measurement.interleaved(
      [
        Side("--html") { dex(["--html!", page.path, file.path]) },
        Side("dex FILE") { dex([file.path]) },
      ], rounds: 5, turn: 0, warmUp: false, clock: .wall)
    var write = Budget.ratio(timings, 0, to: 1, atMost: 1.5)

    let longFile = directory.appendingPathComponent("page-100000.dex")
    try? script(entries: 100_000).text.write(to: longFile, atomically: true, encoding: .utf8)
    let longPage = directory.appendingPathComponent("page-100000.html")
    let started = Measurement.now()
    dex(["--html!", longPage.path, longFile.path])
    let longSeconds = Measurement.now() - started
    let size = fileSize(page)
    let longSize = fileSize(longPage)
    let growth = Double(longSize) / Double(max(size, 1))
    var sizes = Budget(
      baseline: String(format: "10,000 entries %.1f MB", Double(size) / 1e6), figure: growth,
      figureText: Budget.format(growth), limit: 8, limitText: "≤ 8.00×")
    if failures > 0 {
      // A script that stops early writes a small page fast, for the wrong reason.
      (write.figure, write.figureText) = (.infinity, "failed")
      (sizes.figure, sizes.figureText) = (.infinity, "failed")
    }
    return [
      Row(
        label: "B8 page", measured: String(format: "%.2f s", timings.median(0)),
        value: timings.median(0), budgets: [write],
        note: failures > 0
          ? "dex exited non-zero on \(failures) runs"
          : "dex --html on 10,000 entries: 1,025 rows loaded, favorites, details opened and closed"),
      Row(
        label: "B8 100,000",
        measured: String(format: "%.1f MB in %.1f s", Double(longSize) / 1e6, longSeconds),
        value: Double(longSize), budgets: [sizes],
        note: "the page's size grows with the entries' actions, not their states"),
    ]
  }

  private static func fileSize(_ file: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
  }
}
