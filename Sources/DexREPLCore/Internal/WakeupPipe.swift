#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking pipe whose only purpose is to wake a `poll()` from another thread or from a
/// signal handler (the self-pipe trick).
final class WakeupPipe: Sendable {
  /// The end `poll()` watches.
  let readDescriptor: Int32
  /// The end `wake()` (or a signal handler) writes one byte to.
  let writeDescriptor: Int32

  /// Opens the pipe; nil when the process is out of descriptors.
  init?() {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return nil }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Makes the read end readable. Never blocks: a full pipe is already readable.
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Empties the pipe so the next `poll()` waits again.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
  }
}
