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
  inspectorDiff(old, new, environment: environment, knownToDiffer: false)
}

/// `inspectorDiff(_:_:environment:)` of two values the caller has just found unequal with
/// `==`: the engine does not compare the whole values again. (Equal values still give an empty
/// diff: their parts are compared below the root.)
package func inspectorDiff<T>(
  _ old: T, _ new: T, environment: (any DiffEnvironment)? = nil, knownToDiffer: Bool
) -> StateDiff {
  var engine = DiffEngine()
  engine.environment = environment
  return StateDiff(
    rootTypeName: TypeName.of(type(of: old as Any)),
    root: engine.diff(old, new, knownToDiffer: knownToDiffer))
}
