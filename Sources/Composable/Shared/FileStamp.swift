#if canImport(Glibc)
  import Glibc
#endif

/// What identifies one version of a file on disk: inode, size and modification time (to the
/// nanosecond). An atomic rename always gives a new inode, so every write changes the stamp.
///
/// The stamp of a version this process wrote is the one `FilePolicy.write` took from the
/// written file's own descriptor, never a look at the path afterwards: by then another writer's
/// file may be there, and taking it for ours would hide its change for good. The change time is
/// left out because the rename that puts a written file in place changes it.
struct FileStamp: Equatable, Sendable {
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of the file at `path`, or nil when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The stamp of the file `info` describes.
  init(_ info: stat) {
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = info.st_mtim.tv_sec
    nanoseconds = info.st_mtim.tv_nsec
  }
}
