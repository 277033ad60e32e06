import Composable

/// What one entry of a session's history holds: an action the store processed, or a shared
/// value that changed outside the session (another process wrote its file, or a `shared NAME =
/// VALUE` line set it).
enum SessionStep<Action: Sendable>: Sendable {
  /// An action, sent or received.
  case action(Action)
  /// A shared value changed from outside.
  case external(SharedExternalChange)

  /// The action, if the entry holds one.
  var action: Action? {
    guard case let .action(action) = self else { return nil }
    return action
  }
}
