import Composable

/// What one entry of a session's history holds: an action the store processed, shared values
/// that changed outside the session (one write of another process: its file, or several keys
/// of the app storage file; or a `shared NAME = VALUE` line), or a shared value the session
/// wrote back (`restore NAME`).
package enum SessionStep<Action: Sendable>: Sendable {
  /// An action, sent or received.
  case action(Action)
  /// Shared values changed from outside, by one write (never empty).
  case external([SharedExternalChange])
  /// The session wrote its value of a shared value to the file (after an import): its own
  /// change, which time travel undoes. Out of line: a change holds a key and two values, and
  /// kept inline it would set the size of every entry of a history, most of them actions.
  indirect case restore(SharedExternalChange)

  /// The action, if the entry holds one.
  package var action: Action? {
    guard case let .action(action) = self else { return nil }
    return action
  }

  /// The changes of shared values the entry makes, if it makes them rather than an action.
  package var sharedChanges: [SharedExternalChange] {
    switch self {
    case .action: []
    case let .external(changes): changes
    case let .restore(change): [change]
    }
  }
}
