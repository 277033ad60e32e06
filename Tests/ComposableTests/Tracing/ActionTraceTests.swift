import Composable
import ComposableInspection
import Testing

/// An action's trace names a modifier's parent reducer at the modifier's level:
/// `Reduce { … }.forEach(\.rows) { RowFeature() }.ifLet(\.detail) { DetailFeature() }` runs the
/// roster's `Reduce` as `RosterFeature › Reduce`, and each modifier holds only its child.
@Suite struct ActionTraceTests {
  /// The trace of `action` on `state`, and the recorder's records as they ran.
  private func trace<R: Reducer>(
    _ reducer: R, _ state: R.State, _ action: R.Action
  ) -> (trace: ActionTrace, recorder: ReducerTraceRecorder) {
    let reduce = ReducerTracing.tracedReduceFunction(of: reducer)
    let recorder = ReducerTraceRecorder(shared: { .empty })
    var state = state
    ReducerTracing.withTracer(recorder) { _ = reduce(&state, action) }
    return (ActionTrace(recorder), recorder)
  }

  @Test func aModifiersParentReducerIsNamedBesideItAfterItsChild() throws {
    let (trace, recorder) = trace(
      RosterFeature(), .withRows(3), .rows(.element(id: 2, action: .tapped)))
    #expect(
      trace.steps.map(\.locationText) == [
        "RosterFeature",
        "RosterFeature › forEach(rows)[id: 2]",
        "RosterFeature › forEach(rows)[id: 2] › RowFeature",
        "RosterFeature › forEach(rows)[id: 2] › RowFeature › BindingReducer",
        "RosterFeature › forEach(rows)[id: 2] › RowFeature › Reduce",
        "RosterFeature › Reduce",
      ])
    #expect(
      trace.steps.map(\.statePath) == ["", "", "rows[id: 2]", "rows[id: 2]", "rows[id: 2]", ""])
    #expect(
      trace.changers.map(\.locationText) == [
        "RosterFeature › forEach(rows)[id: 2] › RowFeature › Reduce"
      ])
    // The records keep the tree as it ran: the ifLet wraps the forEach, which wraps the Reduce.
    let root = try #require(recorder.roots.first)
    #expect(root.children.map(\.node.label) == ["ifLet(detail)"])
    #expect(root.children.first?.children.map(\.node.label) == ["forEach(rows)"])
    #expect(
      root.children.first?.children.first?.children.map(\.node.label) == ["RowFeature", "Reduce"])
  }

  @Test func aDismissalShowsThePresentationAloneAfterTheReduceWithItsOwnChange() throws {
    var state = RosterFeature.State.withRows(1)
    state.detail = DetailFeature.State(rowID: 1)
    let (trace, _) = trace(RosterFeature(), state, .detail(.dismiss))
    let root = try #require(trace.roots.first)
    #expect(root.children.map(\.node.label) == ["Reduce", "ifLet(detail)"])
    #expect(trace.changers.map(\.locationText) == ["RosterFeature › ifLet(detail)"])
    #expect(trace.unchanged.map(\.locationText) == ["RosterFeature › Reduce"])
  }

  @Test func aFeatureThatPresentsItselfRunsInsideItsPresentationOnTheChildsState() throws {
    var state = PresentationTests.Nested.State()
    state.child = PresentationTests.Nested.State()
    let (trace, _) = trace(PresentationTests.Nested(), state, .child(.presented(.incrementTapped)))
    #expect(
      trace.steps.map(\.locationText) == [
        "PresentationTests.Nested",
        "PresentationTests.Nested › ifLet(child)",
        "PresentationTests.Nested › ifLet(child) › PresentationTests.Nested",
        "PresentationTests.Nested › ifLet(child) › PresentationTests.Nested › Reduce",
        "PresentationTests.Nested › Reduce",
      ])
    #expect(trace.changers.map(\.statePath) == ["child"])
  }
}
