import Composable
import ComposableInspection
import StoreInspector

extension DexSession {
  /// An action being stepped through (`step ACTION`): nothing is sent until `continue` (or
  /// `next` past its last reducer); `abort` leaves the store as it was.
  struct Stepping {
    let action: Action
    /// The moment the action starts from.
    let before: StoreMoment<State>
    /// The reducers with logic of their own it reaches, in the order they run.
    let steps: [ActionTrace.Step]
    /// The UUIDs and dates its reducers made, handed back to every replay of it.
    let values: [RecordedValue]
    /// How many of them have run.
    var done = 0
  }

  /// Starts stepping through `action` from the app as it is now; nil when no reducer with logic
  /// of its own would run.
  func startStepping(_ action: Action) -> Stepping? {
    let before = StoreMoment(state: store.state, shared: store.sharedSnapshot)
    let replayed = traceRecorder(of: action, on: before, values: [])
    let steps = ActionTrace(replayed.recorder).steps.filter(\.node.runsOwnLogic)
    guard !steps.isEmpty else { return nil }
    return Stepping(action: action, before: before, steps: steps, values: replayed.values)
  }

  /// The moment after the first `count` reducers of `stepping` ran.
  func moment(after count: Int, of stepping: Stepping) -> StoreMoment<State> {
    traceRecorder(of: stepping.action, on: stepping.before, values: stepping.values, cutoff: count)
      .after
  }
}
