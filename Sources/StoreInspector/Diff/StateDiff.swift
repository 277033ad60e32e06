import DexPlatform

/// The structured differences between two values of one type; empty when they are equal.
///
/// Produced by `inspectorDiff(_:_:)`, printed by `DiffRenderer.text(_:labels:maxWidth:)` and
/// `DiffRenderer.json(_:)`.
public struct StateDiff: Sendable {
  /// Every change, in the order the text rendering shows them. Worked out when read: a
  /// transcript prints the tree and never needs the list (or the full text of every value).
  public var changes: [Change] { root?.changes(under: []) ?? [] }
  /// The dump name of the compared values' type, e.g. `AppState`.
  public private(set) var rootTypeName: String
  /// The changed tree the text renderer prints; nil when nothing changed.
  let root: DiffNode?

  /// A diff that found no change (for callers that compared the values themselves).
  public static func unchanged(rootTypeName: String) -> StateDiff {
    StateDiff(rootTypeName: rootTypeName, root: nil)
  }

  /// No change at all between two values of `rootType` (named as diffs name it).
  public static func unchanged(rootType: Any.Type) -> StateDiff {
    StateDiff(rootTypeName: TypeName.of(rootType), root: nil)
  }

  init(rootTypeName: String, root: DiffNode?) {
    self.rootTypeName = rootTypeName
    self.root = root
  }

  /// Whether the two values were equal.
  public var isEmpty: Bool { root == nil }

  /// Where each change is, e.g. `todos[id: 2].title`, without dumping what changed.
  var changedPaths: [String] {
    var paths: [String] = []
    root?.visitChanges(under: []) { path, _ in paths.append(Change.describe(path)) }
    return paths
  }
}
