#if canImport(Glibc)
  import Glibc
#endif

/// What is at a path, as `stat` tells it: the one place that names file types for messages.
package enum FileKind: Equatable, Sendable, CustomStringConvertible {
  case regularFile, directory, fifo, socket, characterDevice, blockDevice, symbolicLink, other

  /// The kind of a file whose `st_mode` is `mode`.
  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFLNK: self = .symbolicLink
    default: self = .other
    }
  }

  /// With its article, for a sentence: "a FIFO", "a directory".
  package var description: String {
    switch self {
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .fifo: "a FIFO"
    case .socket: "a socket"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .symbolicLink: "a symbolic link"
    case .other: "a special file"
    }
  }
}
