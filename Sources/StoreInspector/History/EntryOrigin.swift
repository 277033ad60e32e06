/// Where a recorded entry came from: an action sent by the user or by the effect of an earlier
/// entry, or a change made outside the session (another process writing a shared file).
public enum EntryOrigin: Sendable, Hashable {
  /// Sent by the user (a REPL command, a test, a view).
  case sent
  /// Sent by an effect started while processing entry `from`.
  case received(from: EntryID)
  /// Made outside the session. Time travel passes such entries by and never undoes them.
  case external

  /// Whether the session made the entry (sent or received), rather than the world outside.
  public var isOwn: Bool { self != .external }
}

extension EntryOrigin: CustomStringConvertible {
  /// `sent` or `received from N`, as a log prints it.
  public var description: String {
    switch self {
    case .sent: "sent"
    case .received(let entry): "received from \(entry)"
    case .external: "external"
    }
  }
}
