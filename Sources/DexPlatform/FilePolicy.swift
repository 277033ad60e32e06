import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The one policy for the files dex writes (shared values, history, record, gentest, export,
/// an app's cache and any page it saves) and the files it reads whole (shared values, history,
/// imports, cache entries):
///
/// - Regular files only. A directory, FIFO, socket or device at the path, or where its symbolic
///   links lead, is refused with `notARegularFile`: never opened to write, never replaced.
/// - A symbolic link is written through: its target gets the contents and the link stays. A
///   link whose target does not exist counts as an existing file when replacing is not allowed.
/// - A write replaces the file in one step: a temporary file beside the target is written in
///   full, synced and renamed over it, so a reader or a crash sees the old contents or the new.
/// - An existing file keeps its mode (and, when dex runs as root, its owner); a new one gets
///   `newFileMode` less the umask: 0666 & ~umask, 0600 for history.
/// - Temporary files are `.NAME.PID.XXXXXX`; one left by a process that is gone (a crash, a
///   SIGKILL) is removed the next time that target is written.
/// - A lock file is opened without following symbolic links, and must be a regular file.
/// - Reads are bounded: a file larger than the reader's limit is refused before it is read.
package enum FilePolicy {
  /// Writes `data` to `path`: refuses anything at the path unless `replacing`, creates missing
  /// directories with `directoryMode` (less the umask) when one is given. On failure the file at
  /// `path`, if any, is untouched and no temporary file is left.
  ///
  /// Returns the status of the file written, taken from its own descriptor before the rename:
  /// what is at `path` a moment later may already be another writer's file.
  @discardableResult
  package static func write(
    _ data: Data, to path: String, replacing: Bool = true, newFileMode: mode_t = 0o666,
    directoryMode: mode_t? = nil
  ) throws(FilePolicyError) -> stat {
    func failure(_ problem: FilePolicyError.Problem) -> FilePolicyError {
      FilePolicyError(.write, path, problem)
    }
    let target = try writableTarget(path, replacing: replacing)
    let (directory, name) = split(target.path)
    if target.status == nil, let directoryMode {
      try createDirectories(directory, mode: directoryMode, for: path)
    }
    let directoryDescriptor = try openDirectory(directory, for: path)
    defer { close(directoryDescriptor) }
    return try replace(
      name, in: directoryDescriptor, with: data, existing: target.status,
      newFileMode: newFileMode, for: path)
  }

  /// Replaces the file `name` of the directory open as `directoryDescriptor` with `data`: a
  /// temporary file beside it is written in full, synced and renamed over it. `existing` is the
  /// status of what `name` holds (nil: nothing, or a link the rename replaces), whose mode and
  /// owner the new file keeps. `path` names the file in errors. Returns the status of the file
  /// written, taken from its own descriptor before the rename.
  @discardableResult
  package static func replace(
    _ name: String, in directoryDescriptor: Int32, with data: Data, existing: stat?,
    newFileMode: mode_t, for path: String
  ) throws(FilePolicyError) -> stat {
    removeAbandonedTemporaryFiles(in: directoryDescriptor, name: name)
    let (descriptor, temporary) = try createTemporaryFile(
      in: directoryDescriptor, name: name, mode: newFileMode, for: path)
    var errorNumber: Int32 = 0
    if let status = existing {
      if status.st_uid != geteuid() || status.st_gid != getegid() {
        // Only root can give the file back to its owner; others keep the file as theirs.
        _ = fchown(descriptor, status.st_uid, status.st_gid)
      }
      // After fchown, which clears set-id bits.
      if fchmod(descriptor, status.st_mode & 0o7777) != 0 { errorNumber = errno }
    }
    if errorNumber == 0, !data.withUnsafeBytes({ writeAll(descriptor, $0) }) { errorNumber = errno }
    if errorNumber == 0, fsync(descriptor) != 0 { errorNumber = errno }
    var written = stat()
    if errorNumber == 0, fstat(descriptor, &written) != 0 { errorNumber = errno }
    if close(descriptor) != 0, errorNumber == 0 { errorNumber = errno }
    if errorNumber == 0, renameat(directoryDescriptor, temporary, directoryDescriptor, name) != 0 {
      errorNumber = errno
    }
    if errorNumber != 0 {
      unlinkat(directoryDescriptor, temporary, 0)
      throw FilePolicyError(.write, path, .system(errorNumber: errorNumber))
    }
    // Fails harmlessly on a directory opened only to name files in (O_PATH).
    fsync(directoryDescriptor)
    return written
  }

  /// Linux's O_PATH, which the Glibc module does not export (it needs _GNU_SOURCE).
  private static let openPath: Int32 = 0o10_000_000

  /// Opens `directory` to create and rename files in: readable when it may be, else (write
  /// and search permission only) as a path.
  private static func openDirectory(
    _ directory: String, for path: String
  ) throws(FilePolicyError) -> Int32 {
    var descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0, errno == EACCES {
      descriptor = open(directory, openPath | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw FilePolicyError(.write, path, .system(errorNumber: errno)) }
    return descriptor
  }

  /// The contents of the regular file at `path` (symbolic links followed), at most
  /// `maximumSize` bytes: anything else is refused before a byte is read, so a FIFO never
  /// blocks and `/dev/zero` never fills memory.
  package static func read(_ path: String, maximumSize: Int) throws(FilePolicyError) -> Data {
    func failure(_ problem: FilePolicyError.Problem) -> FilePolicyError {
      FilePolicyError(.read, path, problem)
    }
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(.system(errorNumber: errno)) }
    guard FileKind(mode: status.st_mode) == .regularFile else {
      throw try notRegular(path, FileKind(mode: status.st_mode), for: .read)
    }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(.system(errorNumber: errno)) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { throw failure(.system(errorNumber: errno)) }
    guard FileKind(mode: status.st_mode) == .regularFile else {
      throw try notRegular(path, FileKind(mode: status.st_mode), for: .read)
    }
    return try readAll(descriptor, maximumSize: maximumSize, for: path)
  }

  /// The contents of the regular file open as `descriptor`, at most `maximumSize` bytes: a larger
  /// one is refused before a byte is read. `path` names the file in errors.
  package static func readAll(
    _ descriptor: Int32, maximumSize: Int, for path: String
  ) throws(FilePolicyError) -> Data {
    func failure(_ problem: FilePolicyError.Problem) -> FilePolicyError {
      FilePolicyError(.read, path, problem)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(.system(errorNumber: errno)) }
    guard FileKind(mode: status.st_mode) == .regularFile else {
      throw failure(.notARegularFile(FileKind(mode: status.st_mode), linkTarget: nil))
    }
    guard Int64(status.st_size) <= Int64(maximumSize) else {
      throw failure(.tooLarge(size: Int64(status.st_size), limit: Int64(maximumSize)))
    }
    // The file may grow while it is read: one byte past the limit is enough to refuse it.
    let limit = maximumSize + 1
    var contents = [UInt8](repeating: 0, count: min(Int(status.st_size), maximumSize) + 1)
    var count = 0
    while count < limit {
      if count == contents.count {
        contents += [UInt8](repeating: 0, count: min(contents.count, limit - contents.count))
      }
      let read = contents.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw failure(.system(errorNumber: errno))
      }
      count += read
    }
    guard count <= maximumSize else {
      throw failure(.tooLarge(size: Int64(count), limit: Int64(maximumSize)))
    }
    return Data(contents[0..<count])
  }

  /// Opens (creating it when missing) the lock file at `path` for `flock`, never through a
  /// symbolic link; the caller closes the descriptor.
  package static func openLock(_ path: String) throws(FilePolicyError) -> Int32 {
    var status = stat()
    if lstat(path, &status) == 0 {
      let kind = FileKind(mode: status.st_mode)
      if kind == .symbolicLink { throw FilePolicyError(.lock, path, .lockIsASymbolicLink) }
      if kind != .regularFile {
        throw FilePolicyError(.lock, path, .notARegularFile(kind, linkTarget: nil))
      }
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let problem: FilePolicyError.Problem =
        errno == ELOOP ? .lockIsASymbolicLink : .system(errorNumber: errno)
      throw FilePolicyError(.lock, path, problem)
    }
    guard fstat(descriptor, &status) == 0, FileKind(mode: status.st_mode) == .regularFile else {
      close(descriptor)
      throw FilePolicyError(.lock, path, .notARegularFile(FileKind(mode: status.st_mode), linkTarget: nil))
    }
    return descriptor
  }

  /// Opens the regular file at `path` (symbolic links followed; created with 0666 less the umask
  /// when missing) to write a stream into it from its start, for output that grows while dex
  /// runs; the caller closes the descriptor. As for `write`: anything at the path is refused
  /// unless `replacing`, and a directory, FIFO, socket or device (at the path or where its links
  /// lead) is refused and left as it is, never opened for writing in a way that blocks.
  package static func openForStreaming(
    _ path: String, replacing: Bool
  ) throws(FilePolicyError) -> Int32 {
    func failure(_ problem: FilePolicyError.Problem) -> FilePolicyError {
      FilePolicyError(.write, path, problem)
    }
    let target = try writableTarget(path, replacing: replacing)
    // Not truncated on opening: what is there is checked first. O_NONBLOCK keeps a FIFO put
    // there meanwhile from holding dex in `open`; O_NOFOLLOW a link put there from leading
    // elsewhere.
    let descriptor = open(
      target.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(.system(errorNumber: errno)) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let errorNumber = errno
      close(descriptor)
      throw failure(.system(errorNumber: errorNumber))
    }
    guard FileKind(mode: status.st_mode) == .regularFile else {
      close(descriptor)
      throw failure(.notARegularFile(FileKind(mode: status.st_mode), linkTarget: target.linkTarget))
    }
    let flags = fcntl(descriptor, F_GETFL)
    guard ftruncate(descriptor, 0) == 0, flags >= 0,
      fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0
    else {
      let errorNumber = errno
      close(descriptor)
      throw failure(.system(errorNumber: errorNumber))
    }
    return descriptor
  }

  /// Where a write of `path` lands: the end of its chain of symbolic links.
  package static func target(of path: String) throws(FilePolicyError) -> String {
    try resolve(path, for: .write).path
  }

  /// Creates `directory` and its missing parents with `mode` (less the umask).
  package static func createDirectories(
    _ directory: String, mode: mode_t, for path: String
  ) throws(FilePolicyError) {
    guard !directory.isEmpty, directory != "/", directory != "." else { return }
    var status = stat()
    if stat(directory, &status) == 0 { return }
    try createDirectories(split(directory).directory, mode: mode, for: path)
    if mkdir(directory, mode) != 0 && errno != EEXIST {
      throw FilePolicyError(.write, path, .directoryNotCreated(path: directory, errorNumber: errno))
    }
  }

  // MARK: - Links

  /// The end of the chain of symbolic links at `path`.
  private struct Target {
    /// The path the chain ends at.
    var path: String
    /// Its status; nil when nothing is there.
    var status: stat?
    /// Whether `path` was a symbolic link.
    var isLinked: Bool

    /// The end of the chain when there is a chain, for messages.
    var linkTarget: String? { isLinked ? path : nil }
  }

  /// Where a write of `path` may land: nothing there unless `replacing` (a dangling link counts
  /// as something), and nothing but a regular file where the links end.
  private static func writableTarget(
    _ path: String, replacing: Bool
  ) throws(FilePolicyError) -> Target {
    let target = try resolve(path, for: .write)
    if !replacing, target.status != nil || target.isLinked {
      throw FilePolicyError(
        .write, path, .exists(missingTarget: target.status == nil ? target.path : nil))
    }
    if let status = target.status, FileKind(mode: status.st_mode) != .regularFile {
      throw FilePolicyError(
        .write, path,
        .notARegularFile(FileKind(mode: status.st_mode), linkTarget: target.linkTarget))
    }
    return target
  }

  /// Follows the symbolic links at `path` (at most 40, as the kernel does).
  private static func resolve(
    _ path: String, for operation: FilePolicyError.Operation
  ) throws(FilePolicyError) -> Target {
    var current = path
    for hop in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0 else {
        // ENOTDIR: a file where a directory on the way should be; nothing is at the path.
        guard errno == ENOENT || errno == ENOTDIR else {
          throw FilePolicyError(operation, path, .system(errorNumber: errno))
        }
        return Target(path: current, status: nil, isLinked: hop > 0)
      }
      guard FileKind(mode: status.st_mode) == .symbolicLink else {
        return Target(path: current, status: status, isLinked: hop > 0)
      }
      var destination = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &destination, destination.count - 1)
      guard length >= 0 else { throw FilePolicyError(operation, path, .system(errorNumber: errno)) }
      let link = String(
        decoding: destination[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let directory = split(current).directory
      current = link.hasPrefix("/") || directory == "." ? link : directory + "/" + link
    }
    throw FilePolicyError(operation, path, .system(errorNumber: ELOOP))
  }

  /// The refusal for a file of `kind` at `path`, naming where its links lead.
  private static func notRegular(
    _ path: String, _ kind: FileKind, for operation: FilePolicyError.Operation
  ) throws(FilePolicyError) -> FilePolicyError {
    let target = try resolve(path, for: operation)
    return FilePolicyError(operation, path, .notARegularFile(kind, linkTarget: target.linkTarget))
  }

  // MARK: - Temporary files

  /// Opens a new temporary file beside the target `name` in the directory open as
  /// `directoryDescriptor`: `.NAME.PID.XXXXXX`, returned by name.
  private static func createTemporaryFile(
    in directoryDescriptor: Int32, name: String, mode: mode_t, for path: String
  ) throws(FilePolicyError) -> (descriptor: Int32, name: String) {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    while true {
      let suffix = String((0..<6).map { _ in alphabet.randomElement() ?? "x" })
      let temporary = ".\(name).\(getpid()).\(suffix)"
      let descriptor = openat(
        directoryDescriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor >= 0 { return (descriptor, temporary) }
      guard errno == EEXIST else {
        throw FilePolicyError(.write, path, .system(errorNumber: errno))
      }
    }
  }

  /// Removes the temporary files of `name` whose process is gone from the directory open as
  /// `directoryDescriptor` (when it can be listed).
  private static func removeAbandonedTemporaryFiles(in directoryDescriptor: Int32, name: String) {
    let prefix = ".\(name)."
    let listing = openat(directoryDescriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard listing >= 0 else { return }
    guard let stream = fdopendir(listing) else {
      close(listing)
      return
    }
    defer { closedir(stream) }
    var abandoned: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix) else { continue }
      let parts = entryName.dropFirst(prefix.count)
        .split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 2, let pid = pid_t(parts[0]), parts[1].count == 6, pid != getpid()
      else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { abandoned.append(entryName) }
    }
    for entryName in abandoned { unlinkat(directoryDescriptor, entryName, 0) }
  }

  /// The directory and the last component of `path`.
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
  }
}
