#if canImport(Glibc)
  import Glibc
#endif

/// Changes to the files of watched directories, as the kernel reports them (inotify on Linux):
/// a file written and closed, renamed into place, renamed away or deleted. Where there is no
/// inotify, `init` fails and callers poll. Any thread may add a watch; one thread waits.
///
/// ```swift
/// let events = DirectoryEvents()
/// events?.watch("/home/ash/.local/share/dex")
/// events?.wait(timeout: .milliseconds(250))  // [("/home/ash/.local/share/dex", "todos.json")]
/// ```
package final class DirectoryEvents: Sendable {
  private let descriptor: Int32
  /// The watched directories by watch descriptor.
  private let directories = LockedValue<[Int32: String]>([:])

  /// A reader of directory events; nil when the system has none to give.
  package init?() {
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
      guard descriptor >= 0 else { return nil }
      self.descriptor = descriptor
    #else
      return nil
    #endif
  }

  deinit {
    close(descriptor)
  }

  /// Whether `directory` is watched (already, or from now on); false when it cannot be (it does
  /// not exist yet, say).
  @discardableResult
  package func watch(_ directory: String) -> Bool {
    #if os(Linux)
      return directories.withLock { directories in
        if directories.values.contains(directory) { return true }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
          | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        let watch = inotify_add_watch(descriptor, directory, mask)
        guard watch >= 0 else { return false }
        directories[watch] = directory
        return true
      }
    #else
      return false
    #endif
  }

  /// The files changed in watched directories (directory, file name), waiting at most `timeout`
  /// for the first; empty when none changed. A directory that went away is watched no more and
  /// reported with an empty name: any of its files may have changed.
  package func wait(timeout: Duration) -> [(directory: String, name: String)] {
    var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = max(
      0,
      Int32(clamping: timeout.components.seconds * 1000
        + timeout.components.attoseconds / 1_000_000_000_000_000))
    guard poll(&descriptors, 1, milliseconds) > 0 else { return [] }
    var changed: [(directory: String, name: String)] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      changed += events(in: buffer[..<count])
    }
    return changed
  }

  /// The events in `bytes`: each a header (watch, mask, cookie, name length) and a name.
  private func events(in bytes: ArraySlice<UInt8>) -> [(directory: String, name: String)] {
    #if os(Linux)
      var changed: [(directory: String, name: String)] = []
      let header = MemoryLayout<inotify_event>.size
      var offset = bytes.startIndex
      while offset + header <= bytes.endIndex {
        let (watch, mask, length) = bytes.withUnsafeBytes { raw in
          let start = offset - bytes.startIndex
          return (
            raw.loadUnaligned(fromByteOffset: start, as: Int32.self),
            raw.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self),
            Int(raw.loadUnaligned(fromByteOffset: start + 12, as: UInt32.self))
          )
        }
        let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.endIndex)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += header + length
        guard let directory = directories.withLock({ $0[watch] }) else { continue }
        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)) != 0 {
          // The directory went away (or elsewhere): every file of it may have changed.
          if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, watch) }
          directories.withLock { $0[watch] = nil }
          changed.append((directory, ""))
        } else if !name.isEmpty {
          changed.append((directory, name))
        }
      }
      return changed
    #else
      return []
    #endif
  }
}
