import DexPlatform

/// What can go wrong with a persisted shared value; the wording lives here.
enum SharedStorageError: Error, Equatable, CustomStringConvertible {
  /// The file does not hold a value; its bytes were moved to `movedTo`.
  case corruptFile(path: String, problem: SharedFileProblem, movedTo: String)
  /// The file does not hold a value and could not be moved aside.
  case corruptFileNotMoved(path: String, problem: SharedFileProblem, reason: String)
  /// The file does not hold a value (found by a read that moves nothing).
  case holdsNoValue(path: String, problem: SharedFileProblem)
  /// A member of an app storage file cannot be used as it is; `used` is used instead (the
  /// default, or the nearest value the key accepts) and the file is left as it is.
  case memberNotUsed(path: String, problem: SharedFileProblem, used: String)
  /// The file could not be read (`error` names the file and why).
  case unreadable(FilePolicyError)
  /// The value could not be written.
  case unwritable(FilePolicyError)
  /// The value does not encode.
  case unencodable(path: String, reason: String)
  /// The lock file could not be opened or locked.
  case lockUnusable(FilePolicyError)
  /// Another process holds the lock; said once a wait has lasted a while.
  case waitingForLock(lockPath: String)
  /// The wait for the lock ran out.
  case lockTimedOut(lockPath: String)
  /// Ctrl-C stopped the wait for the lock.
  case lockWaitStopped(lockPath: String)

  /// Whether the error kept a value from being written (not from being read).
  var isWriteFailure: Bool {
    switch self {
    case .unwritable, .unencodable, .lockUnusable, .lockTimedOut, .lockWaitStopped: true
    case .corruptFile, .corruptFileNotMoved, .holdsNoValue, .memberNotUsed, .unreadable,
      .waitingForLock:
      false
    }
  }

  private static let keptInMemory =
    "Changes are kept in memory and retried on every change and at exit."

  var description: String {
    switch self {
    case let .corruptFile(path, problem, movedTo):
      "\(path) \(problem); its bytes were moved to \(movedTo) and the default value is used."
    case let .corruptFileNotMoved(path, problem, reason):
      "\(path) \(problem) and could not be moved aside (\(reason)); it is left untouched. "
        + Self.keptInMemory
    case let .holdsNoValue(path, problem):
      "\(path) \(problem)"
    case let .memberNotUsed(path, problem, used):
      "\(path) \(problem); \(used) is used and the file is left as it is."
    case let .unreadable(error), let .unwritable(error), let .lockUnusable(error):
      "\(error). \(Self.keptInMemory)"
    case let .unencodable(path, reason):
      "cannot write \(path): the value does not encode (\(reason)). \(Self.keptInMemory)"
    case let .waitingForLock(lockPath):
      "waiting for \(lockPath), held by another process…"
    case let .lockTimedOut(lockPath):
      "gave up waiting for \(lockPath), held by another process. Changes are kept in memory "
        + "and written once it is free (or at exit)."
    case let .lockWaitStopped(lockPath):
      "stopped waiting for \(lockPath). \(Self.keptInMemory)"
    }
  }

  /// Why the value is not written, for the report at exit: "it is a FIFO, not a regular file".
  var cause: String {
    switch self {
    case let .corruptFile(_, problem, _), let .holdsNoValue(_, problem),
      let .memberNotUsed(_, problem, _):
      "it \(problem)"
    case let .corruptFileNotMoved(_, problem, _):
      "it \(problem) and could not be moved aside"
    case let .unreadable(error), let .unwritable(error), let .lockUnusable(error):
      error.description
    case let .unencodable(_, reason):
      "the value does not encode: \(reason)"
    case let .waitingForLock(lockPath), let .lockTimedOut(lockPath):
      "another process holds \(lockPath)"
    case let .lockWaitStopped(lockPath):
      "the wait for \(lockPath) was stopped"
    }
  }
}

/// Why a shared value's file holds no value: the phrase after the file's name.
enum SharedFileProblem: Equatable, CustomStringConvertible {
  /// The bytes are not JSON.
  case invalidJSON(JSONSyntaxProblem)
  /// The JSON is not a value of the type (`[1.5]` for a set of whole numbers).
  case wrongKind(type: String, detail: String)
  /// The file is larger than any value of it sensibly is.
  case tooLarge(size: Int64, limit: Int64)
  /// The member `key` holds `value`, outside the values the key accepts (`1…100`).
  case outOfRange(key: String, value: String, accepted: String)

  var description: String {
    switch self {
    case let .invalidJSON(problem):
      "is not valid JSON (\(problem))"
    case let .wrongKind(type, detail):
      "holds JSON of the wrong kind for \(type) (\(detail))"
    case let .tooLarge(size, limit):
      "is \(size) bytes, more than the \(limit) a shared value's file may hold (corrupt by size)"
    case let .outOfRange(key, value, accepted):
      "holds \(key) \(value), outside \(accepted)"
    }
  }
}
