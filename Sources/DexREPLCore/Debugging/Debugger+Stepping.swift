import ComposableInspection
import StoreInspector

extension Debugger {
  /// An action being stepped through (`step ACTION`): nothing is sent until `continue` (or
  /// `next` past its last reducer); `abort` leaves the store as it was.
  struct Stepping {
    let action: Action
    /// The moment the action starts from.
    let before: Moment
    /// The reducers with logic of their own it reaches, in the order they run.
    let steps: [ActionTrace.Step]
    /// The UUIDs and dates its reducers made, handed back to every replay of it.
    let values: [RecordedValue]
    /// How many of them have run.
    var done = 0
  }
}
