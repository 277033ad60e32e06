import Composable
import DexPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin helpers over file descriptors, shared by the line readers and the output channels.
enum POSIXDescriptor {
  /// Writes every byte of `text`, retrying after interruptions and partial writes.
  ///
  /// Returns false when the descriptor refuses the bytes (a closed pipe, a full disk).
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }

  /// Writes every byte of `bytes`, retrying after interruptions and partial writes.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    DexPlatform.writeAll(descriptor, bytes)
  }

  /// Waits until one of `descriptors` is ready to read; returns each one's `revents`.
  ///
  /// Returns nil on a polling error other than an interruption by a signal, which returns all
  /// zeros so the caller can look at its signal flags.
  static func waitUntilReadable(_ descriptors: [Int32]) -> [Int16]? {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let result = entries.withUnsafeMutableBufferPointer { buffer in
      poll(buffer.baseAddress, nfds_t(buffer.count), -1)
    }
    if result < 0 {
      return errno == EINTR ? Array(repeating: 0, count: descriptors.count) : nil
    }
    return entries.map(\.revents)
  }

  /// The text of the current `errno`, e.g. "Permission denied".
  static func describe(errorNumber: Int32) -> String {
    guard let message = strerror(errorNumber) else { return "error \(errorNumber)" }
    return String(cString: message)
  }
}
