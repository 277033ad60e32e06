#if canImport(Glibc)
  import Glibc
#endif

/// Unbuffered writes to a file descriptor, safe from any thread.
struct FileHandleOutput: Sendable {
  let descriptor: Int32

  static let standardError = FileHandleOutput(descriptor: 2)

  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written <= 0 { break }
        offset += written
      }
    }
  }
}
