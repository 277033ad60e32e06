import Foundation

/// How the transcript looks: with ANSI colour only on a terminal, never with `NO_COLOR` set or
/// `--no-color`; the `-`/`+` markers are always there.
struct TranscriptStyle: Sendable {
  let usesColor: Bool

  /// The style for standard output: colour when it is a terminal, `NO_COLOR` is unset or empty
  /// and `--no-color` was not given.
  static func forStandardOutput(noColorOption: Bool) -> TranscriptStyle {
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return TranscriptStyle(usesColor: !noColorOption && !noColor && isatty(STDOUT_FILENO) == 1)
  }

  /// A diff with removed lines red and added lines green.
  func diff(_ text: String) -> String {
    guard usesColor else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("-") { return "\u{1B}[31m\(line)\u{1B}[0m" }
      if line.hasPrefix("+") { return "\u{1B}[32m\(line)\u{1B}[0m" }
      return String(line)
    }.joined(separator: "\n")
  }

  /// An entry header in bold.
  func header(_ text: String) -> String {
    usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  /// `text` without its colour codes (for a file).
  static func plain(_ text: String) -> String {
    guard text.contains("\u{1B}") else { return text }
    return text.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  /// A warning in yellow.
  func warning(_ text: String) -> String {
    usesColor ? "\u{1B}[33m\(text)\u{1B}[0m" : text
  }
}
