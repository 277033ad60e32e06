import DexPlatform

/// Unbuffered writes to a file descriptor, safe from any thread.
struct FileHandleOutput: Sendable {
  let descriptor: Int32

  static let standardError = FileHandleOutput(descriptor: 2)

  func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }
}
