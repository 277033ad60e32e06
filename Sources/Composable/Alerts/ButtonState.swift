/// One button of an alert or a confirmation dialog: its label, its role and the action it
/// sends when tapped (none for a button that only closes).
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmReleaseTapped(id: id)) {
///   TextState("Release")
/// }
/// ButtonState(role: .cancel) { TextState("Cancel") }
/// ```
public struct ButtonState<Action> {
  /// What a button is for.
  public typealias Role = ButtonStateRole

  /// The action sent when the button is tapped; nil when tapping it only closes.
  public let action: Action?
  /// Its role, if it has one.
  public let role: Role?
  /// What the button reads.
  public let label: TextState

  /// A button reading `label` that sends `action`.
  public init(role: Role? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A cancel button reading `label`.
  public static func cancel(_ label: TextState, action: Action? = nil) -> Self {
    Self(role: .cancel, action: action) { label }
  }

  /// A button reading `label` with no role.
  public static func `default`(_ label: TextState, action: Action? = nil) -> Self {
    Self(action: action) { label }
  }

  /// A destructive button reading `label`.
  public static func destructive(_ label: TextState, action: Action? = nil) -> Self {
    Self(role: .destructive, action: action) { label }
  }

  /// The same button with its action transformed (a child's button in its parent's domain).
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    let label = label
    return ButtonState<NewAction>(role: role, action: action.map(transform)) { label }
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonState: Codable where Action: Codable {}

/// Builds a list of buttons: `actions: { ButtonState(…) { … }; ButtonState(…) { … } }`.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}

/// What a button is for, as a platform shows it.
public enum ButtonStateRole: String, Equatable, Hashable, Sendable, Codable {
  /// Closes without doing anything.
  case cancel
  /// Destroys something: shown as a warning.
  case destructive
}
