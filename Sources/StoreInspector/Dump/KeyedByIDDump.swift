/// A collection that dumps as a dictionary of its elements keyed by their ids (through its
/// `inspectorMirror`), whose Swift subscript is `[id: key]` rather than `[key]`: a generated
/// test writes `$0.path[id: 2] = …` for it.
public protocol KeyedByIDDump {}

/// `[id: key]` when `container` dumps keyed by ids, else `[key]`.
func entrySubscript(_ key: String, in container: Any) -> String {
  container is any KeyedByIDDump ? "[id: \(key)]" : "[\(key)]"
}
