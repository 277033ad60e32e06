import Foundation
import PokedexCore
import Composable
import DexPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The persistent command history: one entry per line, newest last, at most `limit` entries.
///
/// Saving is atomic (a temporary file in the same directory, then `rename`), the file gets mode
/// 0600 and a missing directory is created with 0700. A path that holds something other than a
/// regular file is never replaced.
package struct HistoryFile: Equatable, Sendable {
  /// Where the history lives (a symbolic link to a regular file is followed).
  package var path: String
  /// The most entries kept, in memory and on disk.
  package var limit: Int

  /// The default for `limit`.
  package static let defaultLimit = 1_000

  package init(path: String, limit: Int = HistoryFile.defaultLimit) {
    self.path = path
    self.limit = max(0, limit)
  }

  /// The history file for `environment`, or nil when history is off.
  ///
  /// `DEX_HISTFILE` wins (empty or `/dev/null` turns history off); then
  /// `$XDG_STATE_HOME/dex/history` (an absolute `XDG_STATE_HOME` only, as the XDG spec asks);
  /// then `$HOME/.local/state/dex/history`.
  package static func standardLocation(
    environment: [String: String],
    limit: Int = HistoryFile.defaultLimit
  ) -> HistoryFile? {
    if let explicit = environment["DEX_HISTFILE"] {
      guard !explicit.isEmpty, explicit != "/dev/null" else { return nil }
      return HistoryFile(path: explicit, limit: limit)
    }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return HistoryFile(path: state + "/dex/history", limit: limit)
    }
    if let home = environment["HOME"], !home.isEmpty {
      return HistoryFile(path: home + "/.local/state/dex/history", limit: limit)
    }
    return nil
  }

  /// The saved entries, oldest first, at most `limit`; none when the file does not exist yet.
  package func load() throws(HistoryFileError) -> [String] {
    guard let target = try existingTarget() else { return [] }
    let descriptor = open(target, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadable(path: path, reason: POSIXDescriptor.describe(errorNumber: errno))
    }
    defer { close(descriptor) }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: POSIXDescriptor.describe(errorNumber: errno))
      }
      contents.append(contentsOf: chunk[0..<count])
    }
    let entries = contents.split(separator: UInt8(ascii: "\n")).map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
    return Array(entries.filter { !$0.isEmpty }.suffix(limit))
  }

  /// Replaces the file with the last `limit` of `entries`.
  package func save(_ entries: [String]) throws(HistoryFileError) {
    let target: String
    if let existing = try existingTarget() {
      target = existing
    } else {
      target = path
      try createDirectory(Self.directory(of: path))
    }
    let kept = entries.suffix(limit).filter { !$0.isEmpty && !$0.contains("\n") }
    let contents = kept.map { $0 + "\n" }.joined()
    try writeAtomically(contents, to: target)
  }

  /// The regular file `path` names (following a symbolic link), nil when nothing is there.
  private func existingTarget() throws(HistoryFileError) -> String? {
    var status = stat()
    if lstat(path, &status) != 0 {
      if errno == ENOENT { return nil }
      throw .unreadable(path: path, reason: POSIXDescriptor.describe(errorNumber: errno))
    }
    if Self.isRegularFile(status) { return path }
    guard Self.isSymbolicLink(status), let resolved = realpath(path, nil) else {
      throw .notARegularFile(path: path)
    }
    defer { free(resolved) }
    var targetStatus = stat()
    guard stat(resolved, &targetStatus) == 0, Self.isRegularFile(targetStatus) else {
      throw .notARegularFile(path: path)
    }
    return String(cString: resolved)
  }

  private func writeAtomically(_ contents: String, to target: String) throws(HistoryFileError) {
    do {
      try AtomicFile.write(Data(contents.utf8), to: target, permissions: 0o600)
    } catch {
      throw .unwritable(path: path, reason: error.reason)
    }
  }

  /// Creates `directory` and its missing parents with mode 0700.
  private func createDirectory(_ directory: String) throws(HistoryFileError) {
    guard !directory.isEmpty, directory != "/" else { return }
    var status = stat()
    if stat(directory, &status) == 0 { return }
    try createDirectory(Self.directory(of: directory))
    if mkdir(directory, 0o700) != 0 && errno != EEXIST {
      throw .directoryNotCreated(
        path: directory, reason: POSIXDescriptor.describe(errorNumber: errno))
    }
  }

  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func isRegularFile(_ status: stat) -> Bool {
    status.st_mode & S_IFMT == S_IFREG
  }

  private static func isSymbolicLink(_ status: stat) -> Bool {
    status.st_mode & S_IFMT == S_IFLNK
  }
}
