/// A problem in a source file, reported as `FILE:LINE: error: message` so that editors and
/// SwiftPM show it at the line.
struct SourceError: Error, Equatable, CustomStringConvertible {
  /// The file's path; empty until the reader that knows it fills it in.
  var file = ""
  let line: Int
  let message: String

  init(file: String = "", line: Int, _ message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  var description: String { "\(file):\(line): error: \(message)" }
}
