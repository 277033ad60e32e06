/// Marks a child of a `CustomDumpReflectable` mirror as derived from the others: dumps and
/// state paths show it, diffs leave it out (its change already shows where it comes from).
///
/// ```swift
/// extension Team: CustomDumpReflectable {
///   var inspectorMirror: Mirror {
///     Mirror(self, children: ["members": members, "sorted": DerivedValue(sorted)])
///   }
/// }
/// ```
public struct DerivedValue {
  /// The derived value.
  public let value: Any

  /// Marks `value` as derived.
  public init(_ value: Any) {
    self.value = value
  }
}
