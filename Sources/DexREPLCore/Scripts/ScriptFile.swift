#if canImport(Glibc)
  import Glibc
#endif

/// The lines of a script file, read as they are needed: a script of a million lines streams.
struct ScriptFile {
  private var reader: PlainLineReader
  private let descriptor: Int32

  /// The script at `path`, or nil when it cannot be opened (`errno` says why). It is opened
  /// without blocking, so a FIFO with no writer yet does not hold dex in `open`: the reader then
  /// waits for its lines as it waits for standard input, and a signal still ends dex.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      Glibc.close(descriptor)
      errno = EISDIR
      return nil
    }
    self.descriptor = descriptor
    self.reader = PlainLineReader(fileDescriptor: descriptor, output: TextOutput { _ in })
  }

  /// `path` with its symbolic links, `.` and `..` resolved (as typed when it cannot be).
  static func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  mutating func next() -> LineReaderEvent {
    reader.readLine(prompt: "")
  }

  func close() {
    Glibc.close(descriptor)
  }
}
