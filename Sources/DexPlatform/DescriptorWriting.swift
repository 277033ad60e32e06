#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes every byte of `bytes` to `descriptor`, retrying after interruptions and partial writes.
///
/// Returns false, with `errno` set, when the descriptor refuses the bytes (a closed pipe, a full
/// disk). The one write loop of the package: atomic files and the REPL's output both use it.
@discardableResult
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
  guard var next = bytes.baseAddress else { return true }
  var remaining = bytes.count
  while remaining > 0 {
    let written = write(descriptor, next, remaining)
    if written < 0 {
      if errno == EINTR || errno == EAGAIN { continue }
      return false
    }
    next += written
    remaining -= written
  }
  return true
}
