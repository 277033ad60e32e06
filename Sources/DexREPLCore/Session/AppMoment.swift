import PokedexCore

/// The app at one point of a session: its state and the shared values that state refers to.
struct AppMoment: Sendable {
  var state: AppFeature.State
  var shared: SharedSnapshot

  /// Recomputes moments for history (skip, unskip, import): runs the app's reducer on the
  /// state with shared values read and written in the moment's own snapshot, never the live
  /// ones, and discards the effect.
  static func replayer() -> @Sendable (inout AppMoment, AppFeature.Action) -> Void {
    let reduce = UncheckedSendable(AppFeature().makeReduceFunction())
    return { moment, action in
      let scratch = ScratchValues(moment.shared)
      SharedReading.reading(.scratch(scratch)) {
        withDependencies {
          $0.warnings = WarningReporter { _ in }
          $0.uuid = .incrementing
        } operation: {
          _ = reduce.value(&moment.state, action)
        }
      }
      moment.shared = scratch.current
    }
  }
}

/// A value the compiler cannot prove Sendable but that is only read: the app's reduce function,
/// built once and never mutated.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
