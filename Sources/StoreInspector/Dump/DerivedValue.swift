/// Marks a child of a `CustomDumpReflectable` mirror as derived from the others: dumps and
/// state paths show it, diffs leave it out (its change already shows where it comes from).
///
/// ```swift
/// extension Team: CustomDumpReflectable {
///   var inspectorMirror: Mirror {
///     Mirror(self, children: ["members": members, "sorted": DerivedValue { sorted }])
///   }
/// }
/// ```
public struct DerivedValue {
  private let compute: () -> Any

  /// A derived value, computed by `compute` only when a dump or a path reads it.
  public init(_ compute: @escaping () -> Any) {
    self.compute = compute
  }

  /// The derived value, computed now.
  public var value: Any { compute() }
}
