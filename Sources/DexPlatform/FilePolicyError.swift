#if canImport(Glibc)
  import Glibc
#endif

/// Why `FilePolicy` refused or failed to read, write or lock a file. The wording lives here.
package struct FilePolicyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done.
  package enum Operation: String, Sendable {
    case read, write, lock
  }

  /// What was wrong.
  package enum Problem: Equatable, Sendable {
    /// Something is at the path and the write was not allowed to replace it; `missingTarget` is
    /// where a dangling symbolic link points.
    case exists(missingTarget: String?)
    /// Not a regular file; `linkTarget` is where the symbolic link at the path ends.
    case notARegularFile(FileKind, linkTarget: String?)
    /// Not a directory (a symbolic link to one counts as none, in a `ContainedDirectory`).
    case notADirectory(FileKind)
    /// A lock file must not be a symbolic link.
    case lockIsASymbolicLink
    /// Bigger than the most the reader takes.
    case tooLarge(size: Int64, limit: Int64)
    /// A missing directory could not be created.
    case directoryNotCreated(path: String, errorNumber: Int32)
    /// The system refused a step.
    case system(errorNumber: Int32)
  }

  package let operation: Operation
  package let path: String
  package let problem: Problem

  package init(_ operation: Operation, _ path: String, _ problem: Problem) {
    self.operation = operation
    self.path = path
    self.problem = problem
  }

  /// Whether nothing is at the path (it, or a directory on the way, does not exist).
  package var isMissing: Bool {
    problem == .system(errorNumber: ENOENT) || problem == .system(errorNumber: ENOTDIR)
  }

  /// What was wrong, without the path: "it is a FIFO, not a regular file".
  package var reason: String {
    switch problem {
    case .exists(nil):
      "it exists"
    case let .exists(missingTarget?):
      "it exists (a symbolic link to \(missingTarget), which does not exist yet)"
    case let .notARegularFile(kind, nil):
      "it is \(kind), not a regular file"
    case let .notARegularFile(kind, target?):
      "it is a symbolic link to \(target), \(kind), not a regular file"
    case .notADirectory(.symbolicLink):
      "it is a symbolic link, which dex never follows there; remove it"
    case let .notADirectory(kind):
      "it is \(kind), not a directory"
    case .lockIsASymbolicLink:
      "it is a symbolic link, which dex never follows for a lock file; remove it"
    case let .tooLarge(size, limit):
      "it is \(size) bytes, more than the \(limit) dex reads from it"
    case let .directoryNotCreated(directory, errorNumber):
      "cannot create the directory \(directory) (\(Self.describe(errorNumber)))"
    case let .system(errorNumber):
      Self.describe(errorNumber)
    }
  }

  /// `cannot write PATH: REASON`.
  package var description: String {
    "cannot \(operation.rawValue) \(path): \(reason)"
  }

  /// The system's text for `errorNumber`, e.g. "Permission denied".
  package static func describe(_ errorNumber: Int32) -> String {
    guard let text = strerror(errorNumber) else { return "error \(errorNumber)" }
    return String(cString: text)
  }
}
