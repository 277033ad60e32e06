import Composable
import StoreInspector

/// The path one action took through a composed reducer tree: every reducer it reached, in the
/// order they ran, each with its location, the part of the state it changed itself and the
/// effect it returned. Built from a `ReducerTraceRecorder`'s records.
///
/// A modifier's parent reducers are named beside it (`ReducerNode.split`): the list's own
/// `Reduce` is `AppFeature › Scope(list) › ListFeature › Reduce`, the detail's
///
/// ```text
/// AppFeature › Scope(list) › ListFeature › ifLet(destination)
///   › ListFeature.Destination › Scope(detail) › DetailFeature › Reduce
///   changed list.destination.detail: @Shared(todos.json) + 25
/// ```
public struct ActionTrace {
  /// One reducer the action reached.
  public struct Step {
    /// Which reducer.
    public let node: ReducerNode
    /// The reducers from the root to this one, itself included.
    public let location: [ReducerNode]
    /// How `location` names each reducer: its label, and for a `forEach` the element the
    /// action went to (`forEach(members)[id: 3]`, `forEach(path)[id: 1]`).
    public let labels: [String]
    /// Where its state is in the root's state (`list.destination.detail`; "" for the root's).
    public let statePath: String
    /// Its action.
    public let action: Any
    /// What it changed itself: for a reducer with logic of its own, its whole change; for a
    /// composed one, what it changed after its reducers at its own level ran (presentation
    /// setting the destination to nil on `.dismiss`).
    public let change: MomentDiff
    /// What it returned (for a composed reducer, its children's effects included).
    public let effect: EffectSummary
    /// The reducers it ran, in order; for a modifier (`ifLet`, `forEach`), only its child's.
    public let children: [Step]

    /// `AppFeature › Scope(list) › ListFeature › Reduce`.
    public var locationText: String {
      labels.joined(separator: " › ")
    }

    /// How this reducer is named in a location: `forEach(path)[id: 1]` for a `forEach` whose
    /// action went to element 1, its node's label otherwise.
    public var label: String { labels.last ?? node.label }

    /// The label and where the reducer is written: `forEach(path)[id: 1] at
    /// App/DetailFeature.swift:113`.
    public var locatedLabel: String { node.located(label) }

    /// The location and where this reducer is written: `AppFeature › Scope(list) ›
    /// ListFeature › Reduce at App/ListFeature.swift:97`.
    public var locatedText: String {
      (labels.dropLast() + [locatedLabel]).joined(separator: " › ")
    }

    /// Whether the action went into the child, or the reducer changed something itself: false
    /// for a `Scope` (or `ifLet`, `forEach`) whose action case did not match, which ran
    /// nothing.
    public var isRouted: Bool {
      switch node.kind {
      case .scope, .ifLet, .ifCaseLet, .presentation, .forEach, .stack: !children.isEmpty || !change.isEmpty
      case .feature, .reduce, .binding: true
      }
    }

    /// Every step of this subtree, depth first, in the order they ran (this one first).
    public var allSteps: [Step] {
      [self] + children.flatMap(\.allSteps)
    }
  }

  /// The reducers the action reached at the top (one for a store's root feature).
  public let roots: [Step]

  /// The trace of what `recorder` saw.
  public init(_ recorder: ReducerTraceRecorder) {
    roots = recorder.roots.flatMap { Self.steps($0, location: [], labels: [], statePath: "") }
    // Depth first, into one array (not one array per subtree).
    var steps: [Step] = []
    func collect(_ step: Step) {
      steps.append(step)
      for child in step.children { collect(child) }
    }
    for root in roots { collect(root) }
    self.steps = steps
  }

  /// Every step, in the order the reducers ran.
  public let steps: [Step]

  /// The reducers that changed something themselves, in the order they ran.
  public var changers: [Step] { steps.filter { !$0.change.isEmpty } }

  /// The reducers with logic of their own that the action reached and that changed nothing.
  public var unchanged: [Step] {
    steps.filter { $0.node.runsOwnLogic && $0.change.isEmpty }
  }

  /// The steps `record` stands for among its siblings: itself, and for a modifier (`ifLet`,
  /// `forEach`) the parent reducers it wraps, beside it (see `ReducerNode.split`). Its own
  /// steps ran first (TCA runs the child, then the parent); one whose child did not run is left
  /// out, or after its parent's when it changed something itself (a dismissal).
  private static func steps(
    _ record: ReducerTraceRecorder.Record, location: [ReducerNode], labels: [String],
    statePath: String
  ) -> [Step] {
    let (own, parent) = record.node.split(record.children, state: record.stateType) {
      ($0.node, $0.stateType)
    }
    let beside = parent.flatMap {
      steps($0, location: location, labels: labels, statePath: statePath)
    }
    let location = location + [record.node]
    let element = elementSubscript(of: record)
    let labels = labels + [record.node.label + element]
    let ownPath = join(join(statePath, record.node.statePath ?? ""), element)
    let children = own.flatMap { child in
      steps(
        child, location: location, labels: labels,
        statePath: record.node.actsAfterChildren || !isSameLevel(child, record)
          ? ownPath : statePath)
    }
    let step = Step(
      node: record.node, location: location, labels: labels, statePath: statePath, action: record.action,
      change: ownChange(record), effect: record.effect, children: children)
    guard record.node.actsAfterChildren else { return [step] }
    if !children.isEmpty { return [step] + beside }
    return step.change.isEmpty ? beside : beside + [step]
  }

  /// What a reducer changed itself (see `Step.change`).
  private static func ownChange(_ record: ReducerTraceRecorder.Record) -> MomentDiff {
    let nothing = MomentDiff(state: .unchanged(rootTypeName: ""), shared: [])
    if record.isUnchanged { return nothing }
    if record.node.runsOwnLogic {
      guard let before = record.before, let after = record.after else { return nothing }
      if record.isStateUnchanged {
        return MomentDiff(
          state: .unchanged(rootType: record.stateType),
          shared: sharedChanges(before.shared, after.shared))
      }
      return momentDiff(
        before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared)
    }
    guard record.node.actsAfterChildren, let last = record.children.last,
      isSameLevel(last, record), let before = last.after, let after = record.after
    else { return nothing }
    return momentDiff(
      before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared)
  }

  /// Whether `child` runs on its parent's state rather than on a part of it.
  private static func isSameLevel(
    _ child: ReducerTraceRecorder.Record, _ parent: ReducerTraceRecorder.Record
  ) -> Bool {
    ObjectIdentifier(child.stateType) == ObjectIdentifier(parent.stateType)
  }

  /// The element a `forEach`'s action goes to, as a state path subscripts it: `[id: 3]` for
  /// `.members(.element(id: 3, action: …))`, `[id: 1]` for a stack's `.path(.element(id: 1,
  /// action: …))`; "" for other reducers and actions (a push, a pop).
  private static func elementSubscript(of record: ReducerTraceRecorder.Record) -> String {
    guard record.node.kind == .forEach || record.node.kind == .stack,
      let id = elementID(in: record.action)
    else { return "" }
    let text = (id as? StackElementID)?.description ?? inspectorDump(id, maxWidth: .max)
    return "[id: \(text)]"
  }

  /// The id of `.members(.element(id: X, action: …))`: the payload of the action's case, then
  /// of its `element` case, then its `id`.
  private static func elementID(in action: Any) -> Any? {
    guard let identified = payload(of: action),
      Mirror(reflecting: identified).children.first?.label == "element",
      let element = payload(of: identified)
    else { return nil }
    return Mirror(reflecting: element).children.first { $0.label == "id" }?.value
  }

  private static func payload(of value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return nil }
    return mirror.children.first?.value
  }

  private static func join(_ path: String, _ component: String) -> String {
    path.isEmpty || component.isEmpty || component.hasPrefix("[")
      ? path + component : path + "." + component
  }
}
