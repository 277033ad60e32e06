import Foundation
import Composable
import DexPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The persistent command history: one entry per line, newest last, at most `limit` entries.
///
/// Read and saved as `FilePolicy` says: saving is atomic, a new file gets mode 0600 and a missing
/// directory 0700, a symbolic link is written through, and a path that holds something other
/// than a regular file is never replaced.
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
    let contents: Data
    do {
      contents = try FilePolicy.read(path, maximumSize: Self.maximumSize)
    } catch {
      if error.isMissing { return [] }
      if case .notARegularFile = error.problem { throw .notARegularFile(path: path) }
      throw .unreadable(path: path, reason: error.reason)
    }
    let entries = contents.split(separator: UInt8(ascii: "\n")).map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
    return Array(entries.filter { !$0.isEmpty }.suffix(limit))
  }

  /// Replaces the file with the last `limit` of `entries` (a new file gets mode 0600, a new
  /// directory 0700; an existing file keeps its mode, a symbolic link its target).
  package func save(_ entries: [String]) throws(HistoryFileError) {
    let kept = entries.suffix(limit).filter { !$0.isEmpty && !$0.contains("\n") }
    let contents = kept.map { $0 + "\n" }.joined()
    do {
      try FilePolicy.write(
        Data(contents.utf8), to: path, newFileMode: 0o600, directoryMode: 0o700)
    } catch {
      switch error.problem {
      case .notARegularFile: throw .notARegularFile(path: path)
      case let .directoryNotCreated(directory, errorNumber):
        throw .directoryNotCreated(path: directory, reason: FilePolicyError.describe(errorNumber))
      default: throw .unwritable(path: path, reason: error.reason)
      }
    }
  }

  /// The largest history file read (64 MiB): a thousand lines of 256 KiB fit.
  static let maximumSize = 1 << 26
}
