/// What the values of a case argument's type are to the case tables, decided once from the type
/// when its enum's table is built: printing an action then reads each argument without asking
/// the value (a dynamic cast) whether it is a case-tabled enum.
///
/// It speaks of values whose dynamic type is the argument's type itself. A value of another
/// dynamic type (the argument is `any P`, `Any`, or a class and the value a subclass) is asked.
package enum ArgumentValueKind: @unchecked Sendable {
  /// The type is case-tabled: a value of it prints through this table.
  case tabled(any CasePathable.Type)
  /// The type is not case-tabled, nor does a cast look inside its values: a value of it is a
  /// leaf.
  case untabled
  /// The type is not case-tabled but a cast looks inside its values (an Optional, an
  /// `AnyHashable`), which may hold a case-tabled enum: ask each value.
  case wrapper

  init(of type: Any.Type) {
    if let tabled = type as? any CasePathable.Type {
      self = .tabled(tabled)
    } else if type is any CastUnwrapped.Type {
      self = .wrapper
    } else {
      self = .untabled
    }
  }
}

/// The types whose values a dynamic cast to a protocol looks inside.
private protocol CastUnwrapped {}

extension Optional: CastUnwrapped {}
extension AnyHashable: CastUnwrapped {}
