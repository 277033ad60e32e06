/// State presented only until the user answers it (`AlertState`, `ConfirmationDialogState`):
/// presentation's `ifLet` dismisses it on any of its actions, after the parent has seen the
/// action, and a destination enum's case holding one is dismissed the same way. It runs no
/// reducer of its own.
public protocol EphemeralState {}

/// Whether a presented state is ephemeral, decided once per destination type when its
/// presentation is built: a destination that can never be ephemeral costs nothing per action.
@usableFromInline
struct EphemeralCheck<State> {
  /// Whether `state` is ephemeral; nil when no value of `State` ever is.
  @usableFromInline let isEphemeral: ((State) -> Bool)?

  @usableFromInline
  init() {
    if State.self is any EphemeralState.Type {
      isEphemeral = { _ in true }
    } else if let pathable = State.self as? any StateCasePathable.Type {
      isEphemeral = Self.ephemeralCases(of: pathable)
    } else {
      isEphemeral = nil
    }
  }

  /// For a destination enum: whether a value is in a case whose payload is ephemeral.
  private static func ephemeralCases<Value: StateCasePathable>(
    of _: Value.Type
  ) -> ((State) -> Bool)? {
    let indices = Set(
      Mirror(reflecting: Value.cases).children.enumerated().compactMap { offset, child in
        let arguments = (child.value as? any AnyCaseConvertible<Value>)?.erased.arguments ?? []
        return arguments.count == 1 && arguments[0].type is any EphemeralState.Type
          ? offset : nil
      })
    guard !indices.isEmpty else { return nil }
    return { state in
      (state as? Value).map { indices.contains(Value.caseIndex(of: $0)) } ?? false
    }
  }
}
