import Foundation

extension CommandCall {
  /// The one file name the command takes, written in `text` (its arguments, or what follows an
  /// option): quotes around it dropped, `~` expanded.
  func fileName(in text: String? = nil) throws(REPLError) -> String {
    var path = (text ?? arguments).trimmingWhitespace()
    if path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") {
      path = String(path.dropFirst().dropLast())
    }
    guard !path.isEmpty else { throw refusal(.fileNameNeeded) }
    return (path as NSString).expandingTildeInPath
  }
}
