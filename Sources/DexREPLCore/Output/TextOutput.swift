import DexPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A destination for the REPL's text: standard output, standard error, or a capture in tests.
///
/// Writes go straight to the file descriptor (no stdio buffering), so text written to standard
/// output and standard error keeps its order on a terminal.
package struct TextOutput: Sendable {
  private let sink: @Sendable (String) -> Void

  /// An output that hands every piece of text to `sink`.
  package init(_ sink: @escaping @Sendable (String) -> Void) {
    self.sink = sink
  }

  /// Writes `text` as it is.
  package func write(_ text: String) {
    sink(text)
  }

  /// Writes `text` followed by a newline.
  package func writeLine(_ text: String) {
    sink(text + "\n")
  }

  /// File descriptor 1.
  package static let standardOutput = TextOutput { POSIXDescriptor.writeAll(STDOUT_FILENO, $0) }

  /// File descriptor 2.
  package static let standardError = TextOutput { POSIXDescriptor.writeAll(STDERR_FILENO, $0) }
}
