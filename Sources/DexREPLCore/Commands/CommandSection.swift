/// Where `help` lists a command: the sections in this order, each command of a section in
/// the order its feature lists it.
enum CommandSection: Int, Comparable, CaseIterable, Sendable {
  /// `send`.
  case sending
  /// `state`.
  case reading
  /// `diff`, `log` and moving through history.
  case timeTravel
  /// `trace`, `step`, watches and breakpoints.
  case debugging
  /// What the app adds.
  case app
  /// `actions`, `tree`, `expect`.
  case inspecting
  /// `clock`, `advance`.
  case clock
  /// The running effects.
  case effects
  /// `deps`, `dep`.
  case dependencies
  /// The shared values.
  case shared
  /// Scripts and session files.
  case files
  /// The lines typed and where output goes.
  case console
  /// `help`, `quit`.
  case prompt

  static func < (lhs: CommandSection, rhs: CommandSection) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
