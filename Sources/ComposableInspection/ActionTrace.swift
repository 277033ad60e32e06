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
  /// One reducer the action reached. A reference: a trace's lists of steps (`steps`,
  /// `changers`) share them.
  public final class Step {
    /// Which reducer.
    public let node: ReducerNode
    /// How a location names it: its node's label, and for a `forEach` the element the action
    /// went to (`forEach(members)[id: 3]`, `forEach(path)[id: 1]`).
    public let label: String
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
    public let locationText: String
    /// The location of the reducer that ran this one: `AppFeature › Scope(list) ›
    /// ListFeature` for the list's `Reduce`, "" for a root.
    private let parentLocationText: String

    init(
      node: ReducerNode, label: String, locationText: String, parentLocationText: String,
      statePath: String, action: Any, change: MomentDiff, effect: EffectSummary,
      children: [Step]
    ) {
      self.node = node
      self.label = label
      self.statePath = statePath
      self.action = action
      self.change = change
      self.effect = effect
      self.children = children
      self.locationText = locationText
      self.parentLocationText = parentLocationText
    }

    /// The label and where the reducer is written: `forEach(path)[id: 1] at
    /// App/DetailFeature.swift:113`.
    public var locatedLabel: String {
      label == node.label ? node.locatedLabel : node.located(label)
    }

    /// The location and where this reducer is written: `AppFeature › Scope(list) ›
    /// ListFeature › Reduce at App/ListFeature.swift:97`.
    public var locatedText: String { Self.joined(parentLocationText, locatedLabel) }

    /// `last` after the location `location`.
    fileprivate static func joined(_ location: String, _ last: String) -> String {
      location.isEmpty ? last : location + " › " + last
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
    roots = recorder.roots.flatMap {
      Self.steps($0, locationText: "", statePath: "")
    }
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
    _ record: ReducerTraceRecorder.Record, locationText: String, statePath: String
  ) -> [Step] {
    let (own, parent) = record.node.split(record.children, state: record.stateType) {
      ($0.node, $0.stateType)
    }
    let beside = parent.flatMap {
      steps($0, locationText: locationText, statePath: statePath)
    }
    let element = elementSubscript(of: record)
    let label = record.node.label + element
    let ownLocationText = Step.joined(locationText, label)
    let ownPath = join(join(statePath, record.node.statePath ?? ""), element)
    let children = own.flatMap { child in
      steps(
        child, locationText: ownLocationText,
        statePath: record.node.actsAfterChildren || !isSameLevel(child, record)
          ? ownPath : statePath)
    }
    let step = Step(
      node: record.node, label: label, locationText: ownLocationText,
      parentLocationText: locationText, statePath: statePath, action: record.action,
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
      return change(
        from: before, to: after, isStateUnchanged: record.isStateUnchanged,
        stateType: record.stateType)
    }
    guard record.node.actsAfterChildren, let last = record.children.last,
      isSameLevel(last, record), let before = last.after, let after = record.after
    else { return nothing }
    // Its state the same at its start and end, and every reducer it ran leaving its state as
    // it found it: the state the last one left is the state at the end.
    let isStateUnchanged =
      record.isStateUnchanged && record.children.allSatisfy(\.isStateUnchanged)
    if isStateUnchanged, after.shared.isSameSnapshot(as: before.shared) { return nothing }
    return change(
      from: before, to: after, isStateUnchanged: isStateUnchanged, stateType: record.stateType)
  }

  /// What changed from `before` to `after` (the state of type `stateType` known to be the same
  /// when `isStateUnchanged`); shared values are compared only where a reducer wrote them.
  private static func change(
    from before: ReducerTraceRecorder.Moment, to after: ReducerTraceRecorder.Moment,
    isStateUnchanged: Bool, stateType: Any.Type
  ) -> MomentDiff {
    let shared = sharedChanges(
      before.shared, after.shared, among: writtenKeys(from: before.shared, to: after.shared))
    if isStateUnchanged {
      return MomentDiff(state: .unchanged(rootType: stateType), shared: shared)
    }
    // The shared values' changes are those above: the state's diff is asked for alone (an
    // unchanged snapshot on both sides).
    let state = momentDiff(
      before.state, after.state, sharedBefore: after.shared, sharedAfter: after.shared
    ).state
    return MomentDiff(state: state, shared: shared)
  }

  /// The keys of `after` whose values may differ from `before`'s, in key order. A value read
  /// from the store's container carries the stamp of the write that put it there: a key
  /// holding one stamp on both sides holds the same value, and is left out without looking at
  /// the value.
  private static func writtenKeys(
    from before: SharedSnapshot, to after: SharedSnapshot
  ) -> [SharedKeyID] {
    guard !after.isSameSnapshot(as: before) else { return [] }
    let old = before.stamps
    let new = after.stamps
    // Every value stamped, on both sides: the stamps alone tell. A snapshot made from another
    // by replacing values keeps its dictionaries' layout: the two are walked side by side, with
    // no key hashed, as long as their keys line up.
    if old.count == before.values.count, new.count == after.values.count, old.count == new.count {
      var keys: [SharedKeyID] = []
      var linesUp = true
      for (oldEntry, entry) in zip(old, new) {
        guard oldEntry.key == entry.key else {
          linesUp = false
          break
        }
        if oldEntry.value != entry.value { keys.append(entry.key) }
      }
      if linesUp { return keys.sorted() }
    }
    return comparedKeys(from: before, to: after)
  }

  /// `writtenKeys` for snapshots whose keys do not line up or whose values are not all stamped
  /// (a replay's scratch values: decoded, replaced): each key of `after` looked up in `before`.
  /// A value with no stamp on a side is compared by its bytes: a reducer writing a shared value
  /// gives the scratch snapshot a new value for that key only, and every other key keeps the
  /// very value it had, whose existential holds the same bytes (the same inline value, or the
  /// same boxed one).
  private static func comparedKeys(
    from before: SharedSnapshot, to after: SharedSnapshot
  ) -> [SharedKeyID] {
    let oldStamps = before.stamps
    let newStamps = after.stamps
    let old = before.values
    var keys: [SharedKeyID] = []
    for (key, value) in after.values {
      guard let oldValue = old[key] else { continue }
      if let stamp = newStamps[key], stamp == oldStamps[key] { continue }
      if !hasSameBytes(oldValue, value) { keys.append(key) }
    }
    return keys.sorted()
  }

  /// Whether two existentials hold the same bytes (then the same value; other bytes say
  /// nothing: padding, or an equal value stored apart).
  private static func hasSameBytes(_ a: any Sendable, _ b: any Sendable) -> Bool {
    withUnsafeBytes(of: a) { first in withUnsafeBytes(of: b) { areSameBytes(first, $0) } }
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
