/// What can go wrong with a persisted shared value; the wording lives here.
enum SharedStorageError: Error, Equatable, CustomStringConvertible {
  /// The file holds bytes that do not decode; they were moved to `movedTo`.
  case corruptFile(path: String, problem: String, movedTo: String)
  /// The file holds bytes that do not decode and could not be moved aside.
  case corruptFileNotMoved(path: String, problem: String, reason: String)
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The value could not be written.
  case unwritable(path: String, reason: String)

  var description: String {
    switch self {
    case let .corruptFile(path, problem, movedTo):
      "\(path) does not decode (\(problem)); its bytes were moved to \(movedTo) and the default value is used."
    case let .corruptFileNotMoved(path, problem, reason):
      "\(path) does not decode (\(problem)) and could not be moved aside (\(reason)); it is left untouched and changes are kept in memory only."
    case let .unreadable(path, reason):
      "cannot read \(path): \(reason). Changes are kept in memory only until it can be read."
    case let .unwritable(path, reason):
      "cannot write \(path): \(reason). Changes are kept in memory and written once that works."
    }
  }
}
