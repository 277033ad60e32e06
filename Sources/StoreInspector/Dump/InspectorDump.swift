/// Deterministic Swift-literal-like text of any value, on several lines when wider than
/// `maxWidth`.
///
/// ```swift
/// inspectorDump(Point(x: 1, y: 2))  // "Point(x: 1, y: 2)"
/// inspectorDump(Status.loaded(count: 3))  // ".loaded(count: 3)"
/// inspectorDump(["b": 2, "a": 1])  // "[\"a\": 1, \"b\": 2]"
/// ```
public func inspectorDump(_ value: Any, maxWidth: Int = 100) -> String {
  DumpLayout(tree: Dumper.tree(of: value), maxWidth: maxWidth)
    .lines()
    .map { String(repeating: " ", count: $0.indent) + $0.text }
    .joined(separator: "\n")
}
