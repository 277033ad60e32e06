import Composable
import Testing

/// Reducer trees built for tracing report every reducer they run; plain trees report nothing.
@Suite struct ReducerTracingTests {
  /// Notes the label of every reducer that starts, and can skip those after a number of them.
  final class LabelTracer: ReducerTracer {
    var started: [String] = []
    var ended: [String] = []

    func willRun<State, Action>(_ node: ReducerNode, state: State, action: Action) -> Bool {
      started.append(node.label)
      return true
    }

    func didRun<State, Action>(_ node: ReducerNode, state: State, effect: Effect<Action>) {
      ended.append(node.label)
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
