/// Deterministic Swift-literal-like text of any value, on several lines when wider than
/// `maxWidth`.
///
/// ```swift
/// inspectorDump(Point(x: 1, y: 2))  // "Point(x: 1, y: 2)"
/// inspectorDump(Status.loaded(count: 3))  // ".loaded(count: 3)"
/// inspectorDump(["b": 2, "a": 1])  // "[\"a\": 1, \"b\": 2]"
/// ```
///
/// `abbreviating` may return shorter text for some values (a page of model data in a one-line
/// action header); the rest of the value prints in full.
public func inspectorDump(
  _ value: Any, maxWidth: Int = 100, abbreviating: ((Any) -> String?)? = nil
) -> String {
  DumpLayout(tree: Dumper.tree(of: value, abbreviate: abbreviating), maxWidth: maxWidth)
    .lines()
    .map { String(repeating: " ", count: $0.indent) + $0.text }
    .joined(separator: "\n")
}
