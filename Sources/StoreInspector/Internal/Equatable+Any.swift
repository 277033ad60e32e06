extension Equatable {
  /// Whether `other` has the same type as `self` and is equal to it.
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Compares two values of unknown type with `==` when their type is `Equatable`.
///
/// Returns nil when the type is not `Equatable`, so the caller falls back to a structural
/// comparison.
func isEqualIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard TypeTraits.of(type(of: lhs)).isEquatable, let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(toAny: rhs)
}
