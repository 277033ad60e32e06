/// An alert as state: a title, an optional message and its buttons, each sending an action of
/// the feature that presents it.
///
/// Presented through `ifLet(_:action:destination:)` (on its own or as a case of a destination
/// enum), it is ephemeral: any of its actions dismisses it, after the parent has seen it.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Release Sparky?")
/// } actions: {
///   ButtonState(role: .destructive, action: .releaseConfirmed(id: id)) { TextState("Release") }
///   ButtonState(role: .cancel) { TextState("Keep") }
/// } message: {
///   TextState("Sparky leaves the team.")
/// }
/// ```
public struct AlertState<Action>: EphemeralState {
  /// The title.
  public let title: TextState
  /// The message under the title, if any.
  public let message: TextState?
  /// The buttons, in order; an alert with none shows one that only closes it.
  public let buttons: [ButtonState<Action>]

  /// An alert with `title`, the buttons `actions` builds and `message`.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.message = message?()
    self.buttons = actions()
  }

  /// The same alert with its actions transformed.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }

  private init(title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Codable where Action: Codable {}
