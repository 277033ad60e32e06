/// Compares two values of unknown type with `==` when their type is `Equatable`.
///
/// Returns nil when the type is not `Equatable`, so the caller falls back to a structural
/// comparison. The comparison is made once per type (`TypeTraits.equality`), so a call costs
/// two casts to the concrete type, not a protocol conformance look-up.
func isEqualIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool? {
  TypeTraits.of(type(of: lhs)).equality?.areEqual(lhs, rhs)
}

/// `==` on two values of one `Equatable` type, taken as `Any`.
struct AnyEquality: @unchecked Sendable {
  // Captures nothing but the type, which never changes.
  let areEqual: (Any, Any) -> Bool

  init<Value: Equatable>(_: Value.Type) {
    areEqual = { lhs, rhs in
      guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
      return lhs == rhs
    }
  }
}
