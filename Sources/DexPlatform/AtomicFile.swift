import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file in one step, so a reader or a crash sees the old contents or the new, never
/// a part: a fresh temporary file beside it is written in full, synced, renamed over it, and the
/// directory synced. Used for favorites, the history file, and the files the REPL writes.
package enum AtomicFile {
  /// Why a write failed: the `errno` of the step that failed.
  package struct Failure: Error, Equatable {
    package let errorNumber: Int32
    /// The system's description, e.g. "Permission denied".
    package var reason: String { String(cString: strerror(errorNumber)) }
  }

  /// Writes `data` to `path` with `permissions`; the file at `path`, if any, is untouched on failure.
  package static func write(_ data: Data, to path: String, permissions: mode_t = 0o644) throws(Failure) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw Failure(errorNumber: errno) }
    // mkstemp replaced the X's in place; the template is NUL-terminated.
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: Int32 = 0
    if fchmod(descriptor, permissions) != 0 { failure = errno }
    if failure == 0, !data.withUnsafeBytes({ writeAll(descriptor, $0) }) { failure = errno }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw Failure(errorNumber: failure)
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}
