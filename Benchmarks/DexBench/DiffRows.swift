import PokedexREPL
import DexREPLCore
import Foundation
import Composable
import PokedexCore
import ComposableInspection
import StoreInspector

/// What the inspector costs: B2 (the REPL's work per action against a full dump), B3 (a shared
/// favorite's diff as the app grows), W3 and W4 (the light shape's diffs as rows grow), W1
/// observed (a send with the REPL's kind of observer) and W6 (a toggle sent and its diff
/// printed, against the reducer alone).
enum DiffRows {
  // MARK: B2 inspector

  static func inspector() -> [Row] {
    let session = DexSession<PokedexApp>(
      settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
    session.store.replaceState(Fixtures.app(rows: 1025))
    let actions = (0..<200).map { AppFeature.Action.favorites(.favoriteTapped(id: $0 % 1025 + 1)) }
    let timings = Measurement.interleaved([
      Side("session", operations: actions.count) {
        for action in actions { session.send(action) }
      },
      Side("full dump") {
        _ = stateDump(session.store.state, shared: session.store.sharedSnapshot)
      },
    ])
    return [
      Row(
        label: "B2 inspector", measured: "\(formatDuration(timings.median(0)))/action",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 1, atMost: 0.01)],
        note: "record + diff + render of a favorite toggle, the action included, at 1,025 rows")
    ]
  }

  // MARK: B3 diff scaling

  static func diffScaling() -> [Row] {
    func toggleDiff(rows: Int) -> Side {
      let state = Fixtures.app(rows: rows)
      let container = SharedContainer.resolved
      // The favorites are one shared value: the two moments are two snapshots of it.
      let before = container.snapshot()
      state.favorites.$favorites.withLock { $0.formSymmetricDifference([7]) }
      let after = container.snapshot()
      state.favorites.$favorites.withLock { $0.formSymmetricDifference([7]) }
      return Side("\(thousands(rows)) rows", operations: 100) {
        for _ in 0..<100 {
          _ = transcript(momentDiff(state, state, sharedBefore: before, sharedAfter: after))
        }
      }
    }
    let timings = Measurement.interleaved([toggleDiff(rows: 10_000), toggleDiff(rows: 100)])
    return [
      Row(
        label: "B3 diff scaling", measured: "\(formatDuration(timings.median(0))) at 10,000",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 1, atMost: 1.5, baseline: "at 100")],
        note: "AppFeature, a favorite toggle's diff")
    ]
  }

  // MARK: W3 and W4

  /// W3: the diff after a favorite toggle; W4: the diff after `rows[k].level += 1`; both on
  /// the light shape, rendered as a transcript shows them, at 100, 1,000 and 10,000 rows.
  static func rowDiffs() -> [Row] {
    let sizes = [100, 1_000, 10_000]
    func side(_ name: String, rows: Int, _ change: (inout RowListFeature.State) -> Void) -> Side {
      let old = RowListFeature.State(rows: rows)
      var new = old
      change(&new)
      return Side("\(name) \(thousands(rows))", operations: 100) {
        for _ in 0..<100 {
          _ = transcript(momentDiff(old, new, sharedBefore: .empty, sharedAfter: .empty))
        }
      }
    }
    let toggles = sizes.map { size in side("W3", rows: size) { $0.favorites.toggle(size / 2) } }
    let levels = sizes.map { size in
      side("W4", rows: size) { $0.rows.update(at: size / 2) { $0.level += 1 } }
    }
    // Sides: W3 100, W3 1,000, W3 10,000, W4 100, W4 1,000, W4 10,000, W1's direct call.
    let timings = Measurement.interleaved(
      toggles + levels + [StoreRows.directToggles(named: "W1 direct")])
    func row(_ side: Int, _ budgets: [Budget], note: String = "") -> Row {
      Row(
        label: timings.names[side], measured: "\(formatDuration(timings.median(side)))/diff",
        value: timings.median(side), budgets: budgets, note: note)
    }
    return [
      row(
        0, [.ratio(timings, 0, to: 6, atMost: 20)],
        note: "a favorite toggle's diff, against toggling it in the reducer"),
      row(1, [.ratio(timings, 1, to: 0, atMost: 1.5)]),
      row(2, [.ratio(timings, 2, to: 0, atMost: 1.5)]),
      // The baseline of the next rows; W4 10,000 against W3 10,000 holds the field's depth.
      row(3, [], note: "the diff after rows[k].level += 1; the baseline of W4 1,000 and 10,000"),
      row(4, [.ratio(timings, 4, to: 3, atMost: 1.5)]),
      row(5, [.ratio(timings, 5, to: 3, atMost: 1.5), .ratio(timings, 5, to: 2, atMost: 3)]),
    ]
  }

  // MARK: W1 observed

  /// A row change sent to a store whose observer does what the REPL's does (record the entry,
  /// diff the two moments, render the transcript), at 1,000 rows against 10 rows, and against
  /// the diff and rendering alone.
  static func observedSend() -> [Row] {
    func observed(rows: Int) -> Side {
      let actions = (0..<100).map {
        RowListFeature.Action.rows(.element(id: ($0 * 7_919) % rows + 1, action: .levelUpTapped))
      }
      return printingStore("observed \(thousands(rows))", rows: rows, actions: actions)
    }
    let old = RowListFeature.State(rows: 1_000)
    var new = old
    new.rows.update(at: 500) { $0.level += 1 }
    let diffOnly = Side("diff", operations: 100) {
      for _ in 0..<100 {
        _ = transcript(momentDiff(old, new, sharedBefore: .empty, sharedAfter: .empty))
      }
    }
    let timings = Measurement.interleaved([observed(rows: 1_000), observed(rows: 10), diffOnly])
    return [
      Row(
        label: "W1 observed", measured: "\(formatDuration(timings.median(0)))/send",
        value: timings.median(0),
        budgets: [
          .ratio(timings, 0, to: 1, atMost: 1.5, baseline: "at 10 rows"),
          .ratio(timings, 0, to: 2, atMost: 3, baseline: "diff + render"),
        ],
        note: "record + diff + render of one row change at 1,000 rows")
    ]
  }

  // MARK: W6 send + printed diff

  /// W1's favorite toggle sent to a store at 1,000 rows whose observer records it, diffs it and
  /// renders the diff (what TCA's `_printChanges` does per action), against W1's direct call.
  static func printedSend() -> [Row] {
    let timings = Measurement.interleaved([
      printingStore("send + printed diff", rows: 1_000, actions: StoreRows.favoriteToggles),
      StoreRows.directToggles(named: "W1 direct"),
    ])
    return [
      Row(
        label: "W6 printed send", measured: "\(formatDuration(timings.median(0)))/send",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 1, atMost: 30)],
        note: "send, record, diff and render of a favorite toggle at 1,000 rows")
    ]
  }

  /// A side sending `actions` to a store of `rows` rows whose observer does what the REPL's
  /// does: record the entry, diff the two moments, render the entry's header and transcript.
  private static func printingStore(
    _ name: String, rows: Int, actions: [RowListFeature.Action]
  ) -> Side {
    let initial = RowListFeature.State(rows: rows)
    let store = Store(initialState: initial) { RowListFeature() }
    let history = Box(
      History<RowListFeature.State, RowListFeature.Action>(
        initial: initial, keyframeInterval: DexSession<PokedexApp>.keyframeInterval
      ) { state, action in _ = RowListFeature().reduce(into: &state, action: action) })
    let written = Box(0)
    store.observe { processed in
      let entry = history.value.record(processed.action, moment: processed.stateAfter)
      let diff = momentDiff(
        processed.stateBefore, processed.stateAfter, sharedBefore: processed.sharedBefore,
        sharedAfter: processed.sharedAfter)
      let header =
        "#\(entry) sent " + caseText(processed.action) { inspectorDump($0, maxWidth: .max) }
      written.value += header.utf8.count + transcript(diff, entry: entry).utf8.count
    }
    return Side(name, operations: actions.count) {
      for action in actions { store.send(action) }
    }
  }

  /// A moment's diff as the REPL prints it.
  private static func transcript(_ diff: MomentDiff, entry: EntryID = 1) -> String {
    TranscriptDiff.text(diff, entry: entry)
  }
}
