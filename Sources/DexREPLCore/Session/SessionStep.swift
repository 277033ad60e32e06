import PokedexCore
import Composable

/// What one entry of a session's history holds: an action the store processed, or a shared
/// value that changed outside the session (another process wrote its file, or a `shared NAME =
/// VALUE` line set it).
enum SessionStep: Sendable {
  /// An action, sent or received.
  case action(AppFeature.Action)
  /// A shared value changed from outside.
  case external(SharedExternalChange)

  /// The action, if the entry holds one.
  var action: AppFeature.Action? {
    guard case let .action(action) = self else { return nil }
    return action
  }

  /// The entry on one line, after its number and origin: the action (abbreviated as
  /// `ActionText.line` does) or the shared value's name.
  var line: String {
    switch self {
    case let .action(action): ActionText.line(action)
    case let .external(change): change.key.displayName
    }
  }
}
