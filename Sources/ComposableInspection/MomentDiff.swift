import Foundation
import Composable
import StoreInspector

/// What changed between two moments of a store: the state's own changes, and each shared
/// value that changed, once (a shared value is one value, however many features show it).
///
/// ```text
///   AppFeature.State(
///     list: ListFeature.State(
/// -     isLoadingMore: false
/// +     isLoadingMore: true
///       … (6 unchanged)
///     )
///     … (2 unchanged)
///   )
///   @Shared(todos.json): [
/// +   25
///     … (1 unchanged)
///   ]
/// ```
public struct MomentDiff: Sendable {
  /// The changes of the state, with shared values read as they are after.
  public let state: StateDiff
  /// Each shared value that changed, in key order.
  public let shared: [(key: SharedKeyID, diff: StateDiff)]
  /// What shared values are called where their key's own name will not do: an unnamed value by
  /// the path of its owner (`settings.owner`). See `named(_:)`.
  public private(set) var sharedNames: [SharedKeyID: String] = [:]

  init(state: StateDiff, shared: [(key: SharedKeyID, diff: StateDiff)]) {
    self.state = state
    self.shared = shared
  }

  /// This diff with shared values called by `names` (the others by their key's name).
  public func named(_ names: [SharedKeyID: String]) -> MomentDiff {
    var named = self
    named.sharedNames = names
    return named
  }

  /// The keys of the changed shared values that have no name of their own (`Shared(value:)`).
  public var unnamedKeys: [SharedKeyID] { shared.map(\.key).filter(\.isUnnamed) }

  /// Whether nothing changed.
  public var isEmpty: Bool { state.isEmpty && shared.isEmpty }

  /// The text: the state's diff (left out when only shared values changed), then one section
  /// per changed shared value, values laid out `maxWidth` wide. `maxItems` shortens long
  /// collections and `wrapsStrings` wraps long strings (see `DiffRenderer`).
  public func text(
    labels: DiffRenderer.Labels? = nil, maxWidth: Int = 100, maxItems: Int? = nil,
    wrapsStrings: Bool = false
  ) -> String {
    guard !isEmpty else { return DiffRenderer.text(state, labels: labels) }
    return DiffRenderer.text(
      of: sections, labels: labels, maxWidth: maxWidth, maxItems: maxItems,
      wrapsStrings: wrapsStrings)
  }

  /// The parts `text` prints: the state's diff when it changed, then each changed shared value
  /// titled `@Shared(name)`.
  public var sections: [DiffSection] {
    var sections: [DiffSection] = []
    sections.reserveCapacity(shared.count + 1)
    if !state.isEmpty { sections.append(DiffSection(title: nil, diff: state)) }
    for (key, diff) in shared {
      sections.append(
        DiffSection(title: Self.title(sharedNames[key] ?? key.displayName), diff: diff))
    }
    return sections
  }

  /// How a shared value called `name` is titled in diffs and pages: `@Shared(todos.json)`,
  /// `@Shared(appStorage:pageSize)`, `@Shared(settings.owner)`.
  public static func title(_ name: String) -> String {
    "@Shared(\(name))"
  }

  /// `{"state": …, "shared": [{"key": …, "diff": …}]}`.
  public var jsonValue: JSONValue {
    let shared = self.shared.map { key, diff -> JSONValue in
      .object([
        .init("key", .string(sharedNames[key] ?? key.displayName)),
        .init("diff", DiffRenderer.jsonValue(diff)),
      ])
    }
    return .object([.init("state", DiffRenderer.jsonValue(state)), .init("shared", .array(shared))])
  }

  /// `text(maxWidth:maxItems:wrapsStrings:)` and `hasLongCollections(moreThan: maxItems)`
  /// together: the rendering tells when nothing was shortened, and then no second walk of
  /// the diff is needed to say that nothing was left out.
  public func briefText(
    maxWidth: Int = 100, maxItems: Int, wrapsStrings: Bool = false
  ) -> (text: String, hasLongCollections: Bool) {
    guard !isEmpty else { return (DiffRenderer.text(state), false) }
    let (text, isShortened) = DiffRenderer.textNotingShortening(
      of: sections, maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
    return (text, isShortened && hasLongCollections(moreThan: maxItems))
  }

  /// Whether `text(maxItems:)` leaves something out.
  public func hasLongCollections(moreThan maxItems: Int) -> Bool {
    state.hasLongCollections(moreThan: maxItems)
      || shared.contains { $0.diff.hasLongCollections(moreThan: maxItems) }
  }

}

/// What changed between two moments: the state (shared values read as after, so a shared
/// change is not walked for in every feature that shows it) and each changed shared value.
/// The cost follows what changed, not the size of the state.
public func momentDiff<State>(
  _ old: State, _ new: State, sharedBefore: SharedSnapshot, sharedAfter: SharedSnapshot
) -> MomentDiff {
  let state = inspectorDiff(
    old, new, environment: SharedDiffEnvironment(old: sharedAfter, new: sharedAfter))
  return MomentDiff(state: state, shared: sharedChanges(sharedBefore, sharedAfter))
}

/// What changed between two moments of an `Equatable` state; an unchanged state (an action
/// that only changed shared values, say) costs one `==`.
public func momentDiff<State: Equatable>(
  _ old: State, _ new: State, sharedBefore: SharedSnapshot, sharedAfter: SharedSnapshot
) -> MomentDiff {
  let unchanged = withSharedReadMode(.snapshot(sharedAfter)) { old == new }
  let state =
    unchanged
    ? StateDiff.unchanged(rootType: State.self)
    : inspectorDiff(
      old, new, environment: SharedDiffEnvironment(old: sharedAfter, new: sharedAfter),
      knownToDiffer: true)
  return MomentDiff(state: state, shared: sharedChanges(sharedBefore, sharedAfter))
}

/// Each shared value that differs between two snapshots, diffed once; with `keys` (in key
/// order), only those are looked at.
func sharedChanges(
  _ sharedBefore: SharedSnapshot, _ sharedAfter: SharedSnapshot, among keys: [SharedKeyID]? = nil
) -> [(key: SharedKeyID, diff: StateDiff)] {
  // A snapshot no write came between (the container hands back the one it took) holds the
  // same values: one identity check.
  guard !sharedAfter.isSameSnapshot(as: sharedBefore) else { return [] }
  var shared: [(key: SharedKeyID, diff: StateDiff)] = []
  for key in keys ?? sharedAfter.keys where !sharedAfter.holdsSameValue(of: key, as: sharedBefore) {
    guard let after = sharedAfter[key], let before = sharedBefore[key] else { continue }
    // `holdsSameValue` has just compared the two with `==` (were they equal after all, the
    // engine finds no change below the root: the claim saves work, never changes the diff).
    let diff = inspectorDiff(before, after, knownToDiffer: true)
    if !diff.isEmpty { shared.append((key, diff)) }
  }
  return shared
}
