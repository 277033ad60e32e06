/// Turns what a diff changed into the checks a person would write after the line that made
/// the change: one per changed leaf, shortened as diffs are — a collection by its count and the
/// elements that came in, a long value by its case and its identity (`id`, `name`).
///
/// ```swift
/// let diff = inspectorDiff(Set([1, 4]), Set([1, 4, 25]))
/// ExpectationPlanner.expectations(for: diff, in: Set([1, 4, 25]), under: "items.starred")
///   .map(\.description)
/// // ["items.starred.count == 3", "items.starred contains 25"]
/// ```
public enum ExpectationPlanner {
  /// The longest value written whole after `==`; a longer one is described by its parts.
  public static let longestValue = 80

  /// The checks that what `diff` changed holds in `root` (the new value it was diffed to), with
  /// paths starting with `prefix` (the state path where `root` is). At most `maxItems` elements
  /// of a collection are named.
  public static func expectations(
    for diff: StateDiff, in root: Any, under prefix: String = "", maxItems: Int = 3
  ) -> [PlannedExpectation] {
    var planned: [PlannedExpectation] = []
    var namedElements: [String: Int] = [:]
    func path(_ components: [PathComponent]) -> String {
      let relative = Change.describe(components)
      guard !prefix.isEmpty else { return relative }
      return relative.isEmpty || relative.hasPrefix("[") ? prefix + relative : prefix + "." + relative
    }
    func found(_ components: [PathComponent]) -> Any? {
      try? value(at: StatePath(parsing: Change.describe(components)), in: root)
    }
    for change in diff.changes {
      switch change.kind {
      case .changed(_, let new):
        if new.count <= longestValue {
          planned.append(.init(path: path(change.path), op: .equal, value: new))
        } else if let value = found(change.path) {
          planned += describe(value, at: path(change.path), depth: 0, maxItems: maxItems)
        }
      case .inserted, .removed:
        guard let last = change.path.last else { continue }
        let collection = Array(change.path.dropLast())
        let collectionPath = path(collection)
        if namedElements[collectionPath] == nil, let value = found(collection) {
          namedElements[collectionPath] = 0
          planned.append(
            .init(path: collectionPath + ".count", op: .equal, value: "\(count(of: value))"))
        }
        guard case .inserted(let text) = change.kind,
          let named = namedElements[collectionPath], named < maxItems
        else { continue }
        namedElements[collectionPath] = named + 1
        if case .key(let key) = last, let value = found(collection), case .set = ValueShape(of: value) {
          if key.count <= longestValue {
            planned.append(.init(path: collectionPath, op: .contains, value: key))
          }
        } else if text.count <= longestValue {
          planned.append(.init(path: path(change.path), op: .equal, value: text))
        } else if let element = found(change.path) {
          planned += describe(element, at: path(change.path), depth: 1, maxItems: maxItems)
        }
      }
    }
    return planned
  }

  /// The checks that `value` is at `path`: the value itself when short, else its parts.
  private static func describe(
    _ value: Any, at path: String, depth: Int, maxItems: Int
  ) -> [PlannedExpectation] {
    let text = inspectorDump(value, maxWidth: .max)
    let shape = ValueShape(of: value)
    if text.count <= longestValue || { if case .scalar = shape { true } else { false } }() {
      return [.init(path: path, op: .equal, value: text)]
    }
    switch shape {
    case .optional(let wrapped?):
      return describe(wrapped, at: path, depth: depth, maxItems: maxItems)
    case .enumCase(let name, let payload):
      let isCase = PlannedExpectation(path: path, op: .isCase, value: "." + name)
      guard let payload, payload.count == 1, payload[0].label == nil, depth < 2 else {
        return [isCase]
      }
      return [isCase]
        + describe(payload[0].value, at: path + "." + name, depth: depth + 1, maxItems: maxItems)
    case .collection(let elements):
      var planned = [PlannedExpectation(path: path + ".count", op: .equal, value: "\(elements.count)")]
      guard depth < 2 else { return planned }
      for (offset, element) in elements.prefix(maxItems).enumerated() {
        let elementPath =
          elementID(element).map { "\(path)[id: \(Dumper.tree(of: $0.base).flatText)]" }
          ?? "\(path)[\(offset)]"
        planned += describe(element, at: elementPath, depth: depth + 1, maxItems: maxItems)
      }
      return planned
    case .set(let elements):
      let dumps = elements.map { Dumper.tree(of: $0).flatText }.sorted { $0.naturallyPrecedes($1) }
      return [PlannedExpectation(path: path + ".count", op: .equal, value: "\(elements.count)")]
        + dumps.prefix(maxItems).filter { $0.count <= longestValue }.map {
          PlannedExpectation(path: path, op: .contains, value: $0)
        }
    case .dictionary(let entries):
      return [PlannedExpectation(path: path + ".count", op: .equal, value: "\(entries.count)")]
    case .structure(_, let fields), .object(_, _, let fields):
      // What tells the value apart, as a diff shows a changed element: its id (unless the path
      // names it) and its name; else its first short fields.
      let stored = fields.filter { !$0.isDerived && $0.label != nil }
      let name = elementNameFields.first { name in stored.contains { $0.label == name } }
      let namesID = path.hasSuffix("]") && path.split(separator: "[").last?.hasPrefix("id: ") == true
      let identity = stored.filter { field in
        field.label == "id" && !(namesID && name != nil) || field.label == name
      }
      let chosen = identity.isEmpty ? Array(stored.prefix(maxItems)) : identity
      return chosen.flatMap { field -> [PlannedExpectation] in
        let fieldText = inspectorDump(field.value, maxWidth: .max)
        guard fieldText.count <= longestValue, let label = field.label else { return [] }
        return [PlannedExpectation(path: path + "." + label, op: .equal, value: fieldText)]
      }
    case .optional(nil), .scalar, .tuple:
      return [.init(path: path, op: .equal, value: text)]
    }
  }

  private static func count(of value: Any) -> Int {
    var current = value
    while case .optional(let wrapped?) = ValueShape(of: current) { current = wrapped }
    switch ValueShape(of: current) {
    case .collection(let elements), .set(let elements): return elements.count
    case .dictionary(let entries): return entries.count
    default: return 0
    }
  }
}
