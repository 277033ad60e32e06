import Composable

/// What one entry of a session's history holds: an action the store processed, a shared
/// value that changed outside the session (another process wrote its file, or a `shared NAME =
/// VALUE` line set it), or a shared value the session wrote back (`restore NAME`).
enum SessionStep<Action: Sendable>: Sendable {
  /// An action, sent or received.
  case action(Action)
  /// A shared value changed from outside.
  case external(SharedExternalChange)
  /// The session wrote its value of a shared value to the file (after an import): its own
  /// change, which time travel undoes.
  case restore(SharedExternalChange)

  /// The action, if the entry holds one.
  var action: Action? {
    guard case let .action(action) = self else { return nil }
    return action
  }

  /// The change of a shared value the entry makes, if it makes one rather than an action.
  var sharedChange: SharedExternalChange? {
    switch self {
    case .action: nil
    case let .external(change), let .restore(change): change
    }
  }
}
