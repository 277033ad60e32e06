import DexPlatform
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line sign of life on a terminal while a command waits for effects or works long:
/// `⠹ waiting for effects 2.4s (Ctrl-C stops waiting)`, drawn after half a second, redrawn in
/// place and erased before anything else prints. Scripts and pipes never get one.
final class Spinner: Sendable {
  private struct Line {
    var isShown = false
    var frame = 0
  }

  private let line = LockedValue(Line())
  private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Draws the line for a wait that has lasted `elapsed`; `doing` says what it waits for and
  /// `stopping` what Ctrl-C does.
  func tick(
    elapsed: Duration, writingTo output: TextOutput, doing: String = "waiting for effects",
    stopping: String = "stops waiting"
  ) {
    guard elapsed >= .milliseconds(500) else { return }
    let seconds = Double(elapsed.components.seconds)
      + Double(elapsed.components.attoseconds) / 1e18
    line.withLock { line in
      line.frame = (line.frame + 1) % Self.frames.count
      let text = "\(Self.frames[line.frame]) \(doing) \(String(format: "%.1f", seconds))s"
        + " (Ctrl-C \(stopping))"
      output.write("\r" + text + "\u{1B}[K")
      line.isShown = true
    }
  }

  /// Erases the line, if it is shown.
  func clear(writingTo output: TextOutput) {
    line.withLock { line in
      guard line.isShown else { return }
      output.write("\r\u{1B}[K")
      line.isShown = false
    }
  }
}
