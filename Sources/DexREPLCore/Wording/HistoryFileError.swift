/// Why the history file could not be read or written. The wording users see lives here.
package enum HistoryFileError: Error, Equatable, Sendable {
  /// Something other than a regular file (a directory, a socket, a dangling link) is at `path`.
  case notARegularFile(path: String)
  /// The file exists but could not be read; `reason` is the system's text.
  case unreadable(path: String, reason: String)
  /// The directory that should hold the file could not be created.
  case directoryNotCreated(path: String, reason: String)
  /// The new contents could not be written or moved into place.
  case unwritable(path: String, reason: String)
}

extension HistoryFileError: CustomStringConvertible {
  package var description: String {
    switch self {
    case .notARegularFile(let path):
      "history file '\(path)' is not a regular file; history will not be saved. "
        + "Move it away or set DEX_HISTFILE to another path."
    case .unreadable(let path, let reason):
      "cannot read history file '\(path)' (\(reason)); history will not be saved."
    case .directoryNotCreated(let path, let reason):
      "cannot create history directory '\(path)' (\(reason)); history was not saved."
    case .unwritable(let path, let reason):
      "cannot save history to '\(path)' (\(reason))."
    }
  }
}
