import Composable

/// Records what a traced reducer tree did for one action (see `ReducerTracing`): every reducer
/// that ran, nested as they ran, with its state and the shared values before and after it, its
/// action and the effect it returned. `ActionTrace` reads the records.
///
/// With a `cutoff`, only that many reducers that run logic of their own (`Reduce`,
/// `BindingReducer`, hand-written features) run; every reducer reached after them is skipped.
/// Replaying an action with cutoffs 1, 2, … gives the state after each of its reducers.
public final class ReducerTraceRecorder: ReducerTracer {
  /// One reducer that ran.
  public struct Record {
    /// Which reducer.
    public let node: ReducerNode
    /// Its action (the node's own: `.favoriteTapped` for the detail).
    public let action: Any
    /// Its state before it ran.
    public let stateBefore: Any
    /// Its state after it ran.
    public internal(set) var stateAfter: Any
    /// The shared values before it ran.
    public let sharedBefore: SharedSnapshot
    /// The shared values after it ran.
    public internal(set) var sharedAfter: SharedSnapshot
    /// What it returned.
    public internal(set) var effect = EffectSummary()
    /// The reducers it ran, in order.
    public internal(set) var children: [Record] = []
  }

  /// The reducers run at the top, in order (one for a store's root feature).
  public private(set) var roots: [Record] = []
  /// How many reducers with logic of their own ran.
  public private(set) var ownLogicCount = 0

  private let cutoff: Int?
  private let shared: () -> SharedSnapshot
  private var open: [Record] = []

  /// A recorder reading the shared values with `shared` (the snapshot a replay reduces in, or
  /// a store's container), running at most `cutoff` reducers with logic of their own.
  public init(cutoff: Int? = nil, shared: @escaping () -> SharedSnapshot) {
    self.cutoff = cutoff
    self.shared = shared
  }

  public func willRun<State, Action>(_ node: ReducerNode, state: State, action: Action) -> Bool {
    if let cutoff, ownLogicCount >= cutoff { return false }
    let snapshot = shared()
    open.append(
      Record(
        node: node, action: action, stateBefore: state, stateAfter: state,
        sharedBefore: snapshot, sharedAfter: snapshot))
    return true
  }

  public func didRun<State, Action>(_ node: ReducerNode, state: State, effect: Effect<Action>) {
    guard var record = open.popLast() else { return }
    record.stateAfter = state
    record.sharedAfter = shared()
    record.effect = effect.summary
    if node.runsOwnLogic { ownLogicCount += 1 }
    if open.isEmpty {
      roots.append(record)
    } else {
      open[open.count - 1].children.append(record)
    }
  }
}
