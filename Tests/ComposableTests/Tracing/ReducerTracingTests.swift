import Composable
import Testing

/// Reducer trees built for tracing report every reducer they run; plain trees report nothing.
@Suite struct ReducerTracingTests {
  /// Notes the label of every reducer that starts, and can skip those after a number of them.
  final class LabelTracer: ReducerTracer {
    var started: [String] = []
    var ended: [String] = []
    /// The reducers that ended with their state's bytes as they were.
    var untouched: [String] = []
    /// The state each reducer started with (held, as a recorder holds them, so that nothing
    /// of it can change in place).
    var states: [Any] = []

    func willRun<State, Action>(_ node: ReducerNode, state: State, action: Action) -> Bool {
      started.append(node.label)
      states.append(state)
      return true
    }

    func didRun<State, Action>(
      _ node: ReducerNode, state: State, effect: Effect<Action>, isUntouched: Bool
    ) {
      ended.append(node.label)
      if isUntouched { untouched.append(node.label) }
    }
  }

  @Test func aPlainTreeReportsNothingEvenWithATracerInstalled() {
    let reduce = RosterFeature().makeReduceFunction()
    var state = RosterFeature.State.withRows(3)
    let tracer = LabelTracer()
    ReducerTracing.withTracer(tracer) {
      _ = reduce(&state, .rows(.element(id: 2, action: .tapped)))
    }
    #expect(state.rows[id: 2]?.title == "row 2!")
    #expect(tracer.started.isEmpty)
  }

  @Test func aTracedTreeReportsEveryReducerItRunsNestedAsTheyRun() {
    let reduce = ReducerTracing.tracedReduceFunction(of: RosterFeature())
    var state = RosterFeature.State.withRows(3)
    let tracer = LabelTracer()
    ReducerTracing.withTracer(tracer) {
      _ = reduce(&state, .rows(.element(id: 2, action: .tapped)))
    }
    #expect(state.rows[id: 2]?.title == "row 2!")
    #expect(
      tracer.started == [
        "RosterFeature", "ifLet(detail)", "forEach(rows)", "RowFeature", "BindingReducer",
        "Reduce", "Reduce",
      ])
    #expect(
      tracer.ended == [
        "BindingReducer", "Reduce", "RowFeature", "Reduce", "forEach(rows)", "ifLet(detail)",
        "RosterFeature",
      ])
  }

  @Test func aReducerThatLeftItsStateAloneIsReportedUntouchedAndOneThatChangedItIsNot() {
    let reduce = ReducerTracing.tracedReduceFunction(of: RosterFeature())
    var state = RosterFeature.State.withRows(3)
    let tracer = LabelTracer()
    ReducerTracing.withTracer(tracer) {
      _ = reduce(&state, .rows(.element(id: 2, action: .tapped)))
    }
    // The row's title changed: every reducer holding the row in its state saw new bytes (the
    // tracer holds each state it started with, so the rows were copied, not changed in place).
    #expect(!tracer.untouched.contains("RowFeature"))
    #expect(!tracer.untouched.contains("RosterFeature"))
    #expect(tracer.untouched.contains("BindingReducer"), "a tap is no binding")
  }

  @Test func aTracedTreeWithoutATracerRunsAsThePlainOne() {
    let reduce = ReducerTracing.tracedReduceFunction(of: RosterFeature())
    var state = RosterFeature.State.withRows(3)
    _ = reduce(&state, .rowsMoved(fromOffsets: [0], toOffset: 3))
    #expect(state.rows.map(\.id) == [2, 3, 1])
  }

  @Test func aChildBuiltOnItsFirstActionInATracedTreeReportsToo() {
    let reduce = ReducerTracing.tracedReduceFunction(of: RosterFeature())
    var state = RosterFeature.State.withRows(3)
    _ = reduce(&state, .rowTapped(id: 1))
    let tracer = LabelTracer()
    ReducerTracing.withTracer(tracer) {
      _ = reduce(&state, .detail(.presented(.ticked)))
    }
    #expect(state.detail?.ticks == 1)
    #expect(tracer.started.contains("DetailFeature"))
    #expect(tracer.started.filter { $0 == "Reduce" }.count == 2, "the detail's and the roster's")
  }
}
