/// Deterministic Swift-literal-like text of any value, on several lines when wider than
/// `maxWidth`.
///
/// ```swift
/// inspectorDump(Point(x: 1, y: 2))  // "Point(x: 1, y: 2)"
/// inspectorDump(Status.loaded(count: 3))  // ".loaded(count: 3)"
/// inspectorDump(["b": 2, "a": 1])  // "[\"a\": 1, \"b\": 2]"
/// inspectorDump(team, depth: 1)  // "Team(members: […] (3 elements), name: \"A\")"
/// ```
///
/// `abbreviating` may return shorter text for some values (a page of model data in a one-line
/// action header); the rest of the value prints in full. With `depth`, groups nested deeper
/// than that print folded (`Todo(…)`); `wrapsStrings` continues long strings on the next
/// lines (for reading, not for pasting back).
public func inspectorDump(
  _ value: Any, maxWidth: Int = 100, abbreviating: ((Any) -> String?)? = nil,
  depth: Int? = nil, wrapsStrings: Bool = false
) -> String {
  // An id in an action header, on every send: no tree, no layout.
  if type(of: value) == Int.self, let integer = value as? Int, abbreviating?(value) == nil {
    return String(integer)
  }
  var tree = Dumper.tree(of: value, abbreviate: abbreviating)
  if let depth { tree.root = tree.root.collapsed(below: depth) }
  return DumpLayout(tree: tree, maxWidth: maxWidth, wrapsStrings: wrapsStrings)
    .lines()
    .map { String(repeating: " ", count: $0.indent) + $0.text }
    .joined(separator: "\n")
}

/// The names of the fields that name an element, the first one a value has being its name: a
/// changed element of a diff shows its id and its name above the change, and completion shows
/// an id with its element's name.
public let elementNameFields = ["nickname", "displayName", "name", "title"]
