/// Receives the events of a reducer tree built for tracing (`ReducerTracing`): each reducer
/// that runs reports when it starts and when it ends, children nested inside their parents,
/// in the order they run.
///
/// A tracer is installed on a thread for a while (`ReducerTracing.withTracer`); a tree built
/// without tracing reports nothing and costs nothing.
public protocol ReducerTracer: AnyObject {
  /// `node` is about to run on `state` with `action` (both the node's own, not the root's).
  /// Returning false skips it: it changes nothing and returns no effect, and nothing inside
  /// it reports.
  func willRun<State, Action>(_ node: ReducerNode, state: State, action: Action) -> Bool

  /// `node` ran: `state` is its state after, `effect` what it returned. `isUntouched`: the
  /// state's bytes are those it had before the node ran. For a tracer that kept the state
  /// `willRun` gave it, nothing of it could change in place, so the node changed nothing in
  /// it; false only means "not known".
  func didRun<State, Action>(
    _ node: ReducerNode, state: State, effect: Effect<Action>, isUntouched: Bool)
}
