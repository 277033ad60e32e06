import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pager long output goes through on a terminal, as psql and git do: `$PAGER`, else
/// `less -FRX` (which quits at once when the text fits and keeps it on the screen). None when
/// standard output is not a terminal, with `--no-pager`, or with an empty `PAGER`.
struct Pager: Sendable {
  /// The shell command the text is piped to.
  let command: String

  /// The pager for this process, or nil when output must not be paged.
  static func forStandardOutput(noPagerOption: Bool) -> Pager? {
    guard !noPagerOption, isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else { return nil }
    let configured = ProcessInfo.processInfo.environment["PAGER"]
    if let configured, configured.trimmingWhitespace().isEmpty { return nil }
    return Pager(command: configured ?? "less -FRX")
  }

  /// Whether `text` has more lines than the terminal shows at once.
  func isNeeded(for text: String) -> Bool {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return false }
    var lines = 0
    for byte in text.utf8 where byte == UInt8(ascii: "\n") {
      lines += 1
      if lines >= Int(size.ws_row) - 1 { return true }
    }
    return false
  }

  /// Pipes `text` to the pager and waits for it to end; false when it could not be started
  /// (the caller prints the text itself).
  func show(_ text: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardInput = pipe
    // A pager quit before reading everything closes the pipe: that must not end dex.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    do {
      try process.run()
    } catch {
      return false
    }
    let descriptor = pipe.fileHandleForWriting.fileDescriptor
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { break }
        offset += written
      }
    }
    try? pipe.fileHandleForWriting.close()
    process.waitUntilExit()
    // Ctrl-C in the pager is the pager's; it must not stop the next wait.
    _ = TerminalSignals.consumeInterrupt()
    return process.terminationReason == .exit && process.terminationStatus != 127
  }
}
