import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many columns the terminal behind a file descriptor shows, read each time it is asked
/// (so a resized window counts from the next thing printed): the terminal's own size
/// (`TIOCGWINSZ`), else `COLUMNS`. Nil when the descriptor is not a terminal: scripts, pipes
/// and files get text exactly as it was written.
enum TerminalWidth {
  static func columns(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    guard let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }),
      columns > 0
    else { return nil }
    return columns
  }
}
