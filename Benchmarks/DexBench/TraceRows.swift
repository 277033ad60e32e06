import Composable
import ComposableInspection
import DexREPLCore
import PokedexCore
import PokedexREPL

/// T1: what tracing an action costs when it is asked for, and what it costs when not.
enum TraceRows {
  /// `send --trace` of a favorite toggle at 1,025 rows against `send` of it, both run as the
  /// REPL runs a line (parse, send, record, diff, print; the traced line sends through the
  /// tree built for tracing, records every reducer and renders the trace): at most 2×. Then the store alone:
  /// a store of the app built for tracing with a recorder installed for each send, against a
  /// store of the plain app (no budget: it shows what recording every reducer costs when the
  /// REPL's own work is left out; the plain app's reducers, which every other send uses,
  /// have no tracing in them, and B1 holds them to the reducer called directly).
  static func traced() -> [Row] {
    func repl() -> REPL<PokedexApp> {
      let session = DexSession<PokedexApp>(
        settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
      session.store.replaceState(Fixtures.app(rows: 1025))
      return REPL(
        configuration: .init(sourceName: nil), session: session, output: TextOutput { _ in },
        errors: TextOutput { _ in })
    }
    let lines = (0..<200).map { "send .favorites(.favoriteTapped(id: \($0 % 1025 + 1)))" }
    // The same lines with --trace, made before the clock starts: building them is the
    // benchmark's work, not the REPL's.
    let tracedLines = lines.map { "send --trace" + $0.dropFirst("send".count) }
    let tracing = repl()
    let plainREPL = repl()
    let actions = (0..<StoreRows.batch).map {
      AppFeature.Action.favorites(.favoriteTapped(id: $0 % 1025 + 1))
    }
    let plain = Store(initialState: Fixtures.app(rows: 1025), reducer: AppFeature())
    let traced = Store(initialState: Fixtures.app(rows: 1025), reducer: AppFeature().traced())
    let timings = Measurement.interleaved([
      Side("send --trace", operations: lines.count) {
        for line in tracedLines { _ = tracing.execute(line) }
      },
      Side("send", operations: lines.count) {
        for line in lines { _ = plainREPL.execute(line) }
      },
      Side("store traced", operations: actions.count) {
        for action in actions {
          let recorder = ReducerTraceRecorder { traced.sharedSnapshot }
          _ = ReducerTracing.withTracer(recorder) { traced.send(action) }
        }
      },
      Side("store", operations: actions.count) {
        for action in actions { plain.send(action) }
      },
    ])
    return [
      Row(
        label: "T1 send --trace", measured: "\(formatDuration(timings.median(0)))/line",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 1, atMost: 2)],
        note: "a favorite toggle at 1,025 rows, as the REPL runs the line"),
      Row(
        label: "T1 store traced", measured: "\(formatDuration(timings.median(2)))/send",
        value: timings.median(2), budgets: [],
        note: "the store alone, every reducer recorded; no budget (see BENCHMARKS.md)"),
    ]
  }
}
