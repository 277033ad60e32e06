import Composable
import StoreInspector

/// The store at one point of a session (a moment): its state and the shared values that state
/// refers to.
package struct StoreMoment<State: Sendable>: Sendable {
  package var state: State
  package var shared: SharedSnapshot

  package init(state: State, shared: SharedSnapshot) {
    self.state = state
    self.shared = shared
  }

  /// Recomputes moments for history (skip, unskip, import, keyframe replay): runs `reduce` on
  /// the state with shared values read and written in the moment's own snapshot, never the
  /// live ones, and discards the effect. The values the entry recorded (UUIDs, dates) are handed
  /// back in order; beyond them, the session's dependencies (`fresh`) make new ones. An external
  /// entry makes its changes on the moment's values of those keys.
  package static func replayer<Action: Sendable>(
    reduce: @escaping ReduceFunction<State, Action>, container: SharedContainer,
    fresh: @escaping @Sendable () -> DependencyValues
  ) -> History<StoreMoment, SessionStep<Action>>.Reduce {
    let reduce = UncheckedSendable(reduce)
    return { moment, step, values in
      switch step {
      case .external, .restore:
        for change in step.sharedChanges {
          moment.shared = moment.shared.applyingChange(
            of: change.key, from: change.old, to: change.new)
        }
        return []
      case let .action(action):
        return moment.replay(
          action, values: values, reduce: reduce.value, container: container,
          dependencies: fresh())
      }
    }
  }

  /// Reduces `action` on this moment as history's replays do: shared values read and written in
  /// the moment's own snapshot, never the live ones; `values` (UUIDs, dates) handed back first,
  /// then `dependencies` make new ones; warnings silenced; the effect discarded. `tracer`, made
  /// with a reader of the snapshot being written, sees the reducers of a tree built for
  /// tracing. Returns the values the reduction used.
  @discardableResult
  package mutating func replay<Action>(
    _ action: Action, values: [RecordedValue], reduce: ReduceFunction<State, Action>,
    container: SharedContainer, dependencies: DependencyValues,
    tracer: ((_ shared: @escaping () -> SharedSnapshot) -> any ReducerTracer)? = nil
  ) -> [RecordedValue] {
    let scratch = ScratchValues(shared)
    let tape = GenerationTape(replaying: values.map(GeneratedValue.init))
    let tracer = tracer?({ scratch.current })
    SharedContainer.$current.withValue(container) {
      withSharedReadMode(.scratch(scratch)) {
        withDependencies {
          $0 = dependencies
          $0.warnings = WarningReporter { _ in }
        } operation: {
          tape.run {
            guard let tracer else {
              _ = reduce(&state, action)
              return
            }
            ReducerTracing.withTracer(tracer) { _ = reduce(&state, action) }
          }
        }
      }
    }
    shared = scratch.current
    return tape.values.map(RecordedValue.init)
  }

  /// Runs `body` reading shared values as this moment holds them (a state's `@Shared`
  /// properties refer to live values otherwise).
  package func reading<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withSharedReadMode(.snapshot(shared), body)
  }
}

/// A value the compiler cannot prove Sendable but that is only read: the app's reduce function,
/// built once and never mutated.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
