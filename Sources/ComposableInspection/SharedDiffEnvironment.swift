import Composable
import StoreInspector

/// Reads shared values as they were at two moments while StoreInspector diffs two states: the
/// old side from `old`, the new side from `new`.
public struct SharedDiffEnvironment: DiffEnvironment {
  /// The shared values of the old state.
  public let old: SharedSnapshot
  /// The shared values of the new state.
  public let new: SharedSnapshot

  /// An environment reading the old side from `old` and the new side from `new`.
  public init(old: SharedSnapshot, new: SharedSnapshot) {
    self.old = old
    self.new = new
  }

  public func reading<Result>(_ side: DiffSide, _ body: () -> Result) -> Result {
    withSharedReadMode(.sides(old: old, new: new, side: side == .new ? .new : .old), body)
  }
}

/// The diff between two states of a store, each read with the shared values of its moment.
public func stateDiff<State>(
  _ old: State, _ new: State, sharedBefore: SharedSnapshot, sharedAfter: SharedSnapshot
) -> StateDiff {
  inspectorDiff(old, new, environment: SharedDiffEnvironment(old: sharedBefore, new: sharedAfter))
}

/// Whether two states are equal, each read with the shared values of its moment.
public func statesEqual<State: Equatable>(
  _ old: State, _ new: State, sharedBefore: SharedSnapshot, sharedAfter: SharedSnapshot
) -> Bool {
  withSharedReadMode(.sides(old: sharedBefore, new: sharedAfter, side: .old)) { old == new }
}

/// The dump of a state read with the shared values of `shared`.
public func stateDump(_ state: Any, shared: SharedSnapshot, maxWidth: Int = 100) -> String {
  withSharedReadMode(.snapshot(shared)) { inspectorDump(state, maxWidth: maxWidth) }
}
