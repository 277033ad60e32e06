import DexPlatform
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
  ///
  /// The pager runs in dex's own process group, which is the terminal's foreground group: a
  /// pager in a group of its own (as Foundation's `Process` starts one) is stopped by the
  /// terminal the moment it reads a key, and dex would wait for it forever.
  func show(_ text: String) -> Bool {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return false }
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    guard let process = Self.spawn(command, input: readEnd, closing: writeEnd) else {
      close(readEnd)
      close(writeEnd)
      return false
    }
    close(readEnd)
    // A pager quit before reading everything closes the pipe: that must not end dex.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { writeAll(writeEnd, UnsafeRawBufferPointer($0)) }
    close(writeEnd)
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    // Ctrl-C in the pager is the pager's; it must not stop the next wait.
    _ = TerminalSignals.consumeInterrupt()
    let exited = status & 0x7f == 0
    return !exited || (status >> 8) & 0xff != 127
  }

  /// Starts `/bin/sh -c command` reading `input`, with default signal handling and no signal
  /// blocked (dex's own choices are not the pager's), in dex's process group.
  private static func spawn(_ command: String, input: Int32, closing other: Int32) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, input)
    posix_spawn_file_actions_addclose(&actions, other)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGHUP, SIGTERM, SIGWINCH] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var process: pid_t = 0
    guard posix_spawn(&process, "/bin/sh", &actions, &attributes, &argv, environ) == 0 else {
      return nil
    }
    return process
  }
}
