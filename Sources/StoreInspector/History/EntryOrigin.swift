/// Where a recorded action came from: sent by the user, or sent by the effect of an earlier entry.
public enum EntryOrigin: Sendable, Hashable {
  /// Sent by the user (a REPL command, a test, a view).
  case sent
  /// Sent by an effect started while processing entry `from`.
  case received(from: EntryID)
}

extension EntryOrigin: CustomStringConvertible {
  /// `sent` or `received from N`, as a log prints it.
  public var description: String {
    switch self {
    case .sent: "sent"
    case .received(let entry): "received from \(entry)"
    }
  }
}
