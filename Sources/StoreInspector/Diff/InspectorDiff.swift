import DexPlatform

/// The structured differences between two values of the same type; empty when they are equal.
///
/// ```swift
/// let diff = inspectorDiff(Point(x: 1, y: 2), Point(x: 1, y: 3))
/// // diff.changes == [Change(path: [.field("y")], kind: .changed(old: "2", new: "3"))]
/// ```
public func inspectorDiff<T>(
  _ old: T, _ new: T, environment: (any DiffEnvironment)? = nil
) -> StateDiff {
  var engine = DiffEngine()
  engine.environment = environment
  return StateDiff(rootTypeName: TypeName.of(type(of: old as Any)), root: engine.diff(old, new))
}
