import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A directory whose files and subdirectories are reached by name from its open descriptor,
/// never through a symbolic link, so nothing planted inside it can lead a read or a write out
/// of it (the PokeAPI cache):
///
/// - A subdirectory that is a link (dangling or not) is refused with `notADirectory`; a missing
///   one is created inside, never elsewhere.
/// - A file that is a link is never read (`notARegularFile(.symbolicLink)`) and never written
///   through: a write renames the new file over the link itself.
/// - Writes otherwise follow `FilePolicy`: a temporary file beside the target, renamed over it;
///   a directory or other special file at the name is refused.
///
/// The directory itself is opened by its path, links included: where it is, is the caller's
/// choice.
package final class ContainedDirectory {
  /// The directory's path, for messages.
  package let path: String
  private let descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// The directory at `path`; created with its missing parents, with `mode` (less the umask),
  /// when `creatingWith` gives one.
  package convenience init(path: String, creatingWith mode: mode_t?) throws(FilePolicyError) {
    if let mode { try FilePolicy.createDirectories(path, mode: mode, for: path) }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FilePolicyError(.read, path, .system(errorNumber: errno))
    }
    self.init(path: path, descriptor: descriptor)
  }

  /// The directory `name` inside this one, never reached through a link; created with `mode`
  /// (less the umask) when it is missing and `creatingWith` gives one.
  package func subdirectory(
    _ name: String, creatingWith mode: mode_t?
  ) throws(FilePolicyError) -> ContainedDirectory {
    let subpath = self.subpath(name)
    try checkOneComponent(name, .write, subpath)
    if let mode, mkdirat(descriptor, name, mode) != 0, errno != EEXIST {
      throw FilePolicyError(
        .write, subpath, .directoryNotCreated(path: subpath, errorNumber: errno))
    }
    let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard opened >= 0 else {
      let errorNumber = errno
      throw FilePolicyError(
        mode == nil ? .read : .write, subpath,
        errorNumber == ELOOP || errorNumber == ENOTDIR
          ? .notADirectory(kind(of: name)) : .system(errorNumber: errorNumber))
    }
    return ContainedDirectory(path: subpath, descriptor: opened)
  }

  /// The contents of the regular file `name`, at most `maximumSize` bytes; a link, a special
  /// file or a larger file is refused before a byte is read.
  package func read(_ name: String, maximumSize: Int) throws(FilePolicyError) -> Data {
    let subpath = self.subpath(name)
    try checkOneComponent(name, .read, subpath)
    let file = openat(descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard file >= 0 else {
      let problem: FilePolicyError.Problem =
        errno == ELOOP
        ? .notARegularFile(.symbolicLink, linkTarget: nil) : .system(errorNumber: errno)
      throw FilePolicyError(.read, subpath, problem)
    }
    defer { close(file) }
    return try FilePolicy.readAll(file, maximumSize: maximumSize, for: subpath)
  }

  /// Replaces the file `name` with `data` in one step; a link at `name` is replaced, never
  /// followed; a directory or special file is refused. A new file gets `newFileMode` less the
  /// umask, an existing regular file keeps its mode.
  package func write(
    _ data: Data, to name: String, newFileMode: mode_t = 0o666
  ) throws(FilePolicyError) {
    let subpath = self.subpath(name)
    try checkOneComponent(name, .write, subpath)
    var status = stat()
    var existing: stat?
    if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
      switch FileKind(mode: status.st_mode) {
      case .regularFile: existing = status
      case .symbolicLink: existing = nil
      case let kind:
        throw FilePolicyError(.write, subpath, .notARegularFile(kind, linkTarget: nil))
      }
    } else if errno != ENOENT {
      throw FilePolicyError(.write, subpath, .system(errorNumber: errno))
    }
    try FilePolicy.replace(
      name, in: descriptor, with: data, existing: existing, newFileMode: newFileMode,
      for: subpath)
  }

  /// What `name` is, not following a link; `.other` when it cannot be told.
  private func kind(of name: String) -> FileKind {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
    return FileKind(mode: status.st_mode)
  }

  /// Refuses a name that is not one entry of this directory (`..`, `a/b`, empty).
  private func checkOneComponent(
    _ name: String, _ operation: FilePolicyError.Operation, _ subpath: String
  ) throws(FilePolicyError) {
    if name.isEmpty || name == "." || name == ".." || name.contains("/") {
      throw FilePolicyError(operation, subpath, .system(errorNumber: EINVAL))
    }
  }

  private func subpath(_ name: String) -> String {
    path.hasSuffix("/") ? path + name : path + "/" + name
  }
}
