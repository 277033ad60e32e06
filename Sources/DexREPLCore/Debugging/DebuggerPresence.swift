/// Which parts of what a `Debugger` keeps hold something: what every line asks of it (is
/// anything watched, does a hit hold the effects, is `step` going through an action), answered
/// without its lock. The debugger stores it after every change, under its lock.
struct DebuggerPresence: OptionSet {
  let rawValue: UInt8

  static let watches = DebuggerPresence(rawValue: 1 << 0)
  static let breakpoints = DebuggerPresence(rawValue: 1 << 1)
  static let hidden = DebuggerPresence(rawValue: 1 << 2)
  /// A hit holds the effects.
  static let holding = DebuggerPresence(rawValue: 1 << 3)
  /// Hits the REPL has not acted on yet.
  static let newHits = DebuggerPresence(rawValue: 1 << 4)
  /// A move through history a breakpoint stopped.
  static let stoppedMove = DebuggerPresence(rawValue: 1 << 5)
  /// Work a breakpoint interrupted while a command waited for it.
  static let interruptedWork = DebuggerPresence(rawValue: 1 << 6)
  /// `step` is going through an action.
  static let stepping = DebuggerPresence(rawValue: 1 << 7)
}
