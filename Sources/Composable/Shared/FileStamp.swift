#if canImport(Glibc)
  import Glibc
#endif

/// What identifies one version of a file on disk: inode, size and modification time (to the
/// nanosecond). An atomic rename always gives a new inode, so every write changes the stamp.
struct FileStamp: Equatable, Sendable {
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of the file at `path`, or nil when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = info.st_mtim.tv_sec
    nanoseconds = info.st_mtim.tv_nsec
  }
}
