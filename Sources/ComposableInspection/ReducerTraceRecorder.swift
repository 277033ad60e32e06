import Composable

/// Records what a traced reducer tree did for one action (see `ReducerTracing`): every reducer
/// that ran, nested as they ran, with its state and the shared values before and after it
/// where a change is computed from them, its action and the effect it returned. `ActionTrace` reads the records.
///
/// With a `cutoff`, only that many reducers that run logic of their own (`Reduce`,
/// `BindingReducer`, hand-written features) run; every reducer reached after them is skipped.
/// Replaying an action with cutoffs 1, 2, … gives the state after each of its reducers.
public final class ReducerTraceRecorder: ReducerTracer {
  /// A reducer's state and the shared values, at one point of its run.
  public struct Moment {
    public let state: Any
    public let shared: SharedSnapshot
  }

  /// One reducer that ran. A reference: the recorder adds it to its parent's children once and
  /// fills it in as the reducer finishes, never copying its fields along the way.
  public final class Record {
    /// Which reducer.
    public let node: ReducerNode
    /// Its action (the node's own: `.starTapped` for the detail).
    public let action: Any
    /// The type of its state.
    public let stateType: Any.Type
    /// Its state and the shared values before it ran, kept only where a change is computed
    /// from them: for reducers with logic of their own, those acting after their children
    /// (`ifLet`, `forEach`) and those children; nil for the others.
    public let before: Moment?
    /// After it ran (kept as `before` is).
    public internal(set) var after: Moment?
    /// Whether it is known to have changed nothing: its state is what it was and the shared
    /// values are the same snapshot (a change is then not computed).
    public internal(set) var isUnchanged = false
    /// Whether its state is known to be what it was (its change is then only in the shared
    /// values).
    public internal(set) var isStateUnchanged = false
    /// What it returned, for reducers with logic of their own (empty for the others).
    public internal(set) var effect = EffectSummary()
    /// The reducers it ran, in order.
    public internal(set) var children: [Record] = []

    init(node: ReducerNode, action: Any, stateType: Any.Type, before: Moment?) {
      self.node = node
      self.action = action
      self.stateType = stateType
      self.before = before
      self.after = before
    }
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
    let before = keepsMoments(node, parent: open.last?.node)
      ? Moment(state: state, shared: shared()) : nil
    open.append(Record(node: node, action: action, stateType: State.self, before: before))
    return true
  }

  public func didRun<State, Action>(
    _ node: ReducerNode, state: State, effect: Effect<Action>, isUntouched: Bool
  ) {
    guard let record = open.popLast() else { return }
    // A `Scope` (an `ifLet`, a `forEach`) whose case did not match ran nothing: not kept.
    if !node.runsOwnLogic, node.kind != .feature, record.children.isEmpty { return }
    if let before = record.before {
      // `before` holds a copy of the state: a collection in it cannot have changed in place,
      // so the same bytes are the same value, and the copy kept before stands for the state
      // after. Shared values a reducer wrote are another snapshot: its change is then computed
      // (and empty if it wrote them back).
      let isStateUnchanged =
        isUntouched || (before.state as? State).map { Self.isSame($0, state) } ?? false
      let after = Moment(state: isUntouched ? before.state : state, shared: shared())
      record.after = after
      record.isStateUnchanged = isStateUnchanged
      record.isUnchanged = isStateUnchanged && before.shared.isSameSnapshot(as: after.shared)
    }
    if node.runsOwnLogic {
      record.effect = effect.summary
      ownLogicCount += 1
    }
    if let parent = open.last {
      parent.children.append(record)
    } else {
      roots.append(record)
    }
  }

  /// Whether `node`'s change is computed from its moments (see `Record.before`).
  private func keepsMoments(_ node: ReducerNode, parent: ReducerNode?) -> Bool {
    node.runsOwnLogic || node.actsAfterChildren || (parent?.actsAfterChildren ?? false)
  }

  /// Whether `a` and `b` are known to be the same value: equal when they are `Equatable`
  /// (collections that share their storage compare at once), else the same bytes (the same
  /// scalars and references). False only means "not known".
  private static func isSame<Value>(_ a: Value, _ b: Value) -> Bool {
    if let equatable = a as? any Equatable { return equatable.isEqual(to: b) }
    var a = a
    var b = b
    return withUnsafeBytes(of: &a) { first in
      withUnsafeBytes(of: &b) { second in first.elementsEqual(second) }
    }
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
