/// A confirmation dialog as state: a title (shown or not), an optional message and its
/// buttons, each sending an action of the feature that presents it. Like `AlertState`, it is
/// ephemeral: any of its actions dismisses it.
public struct ConfirmationDialogState<Action>: EphemeralState {
  /// Whether the title is shown.
  public enum Visibility: String, Equatable, Hashable, Sendable, Codable {
    /// As the platform chooses.
    case automatic
    /// Hidden.
    case hidden
    /// Shown.
    case visible
  }

  /// Whether the title is shown.
  public let titleVisibility: Visibility
  /// The title.
  public let title: TextState
  /// The message under the title, if any.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]

  /// A dialog with `title` (shown as `titleVisibility` says), the buttons `actions` builds and
  /// `message`.
  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.message = message?()
    self.buttons = actions()
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: Codable where Action: Codable {}
