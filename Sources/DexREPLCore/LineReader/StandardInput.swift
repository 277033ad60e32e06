#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input as a command sees it while it runs (the line editor is not reading).
enum StandardInput {
  /// Whether Ctrl-D was pressed on an empty line: the terminal has the end of input ready and
  /// no typed-ahead text before it (typed-ahead lines are left for the line editor). Reading
  /// it consumes it.
  static var isAtEnd: Bool {
    var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) == 1, entry.revents & Int16(POLLIN | POLLHUP) != 0 else {
      return false
    }
    var available: Int32 = 0
    guard ioctl(STDIN_FILENO, UInt(FIONREAD), &available) == 0, available == 0 else {
      return false
    }
    // Take the end of input: a canonical terminal's Ctrl-D is gone once the line editor
    // switches modes, so whoever waits must act on it now.
    var byte: UInt8 = 0
    return read(STDIN_FILENO, &byte, 1) == 0
  }
}
