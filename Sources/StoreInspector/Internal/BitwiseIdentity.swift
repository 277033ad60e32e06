import Foundation

/// Whether `old` and `new` hold values of one type with the same bytes, read where their
/// existentials hold them (no copy, no retain). For a value kept in copy-on-write storage (a
/// `ChunkedCollection`), the same bytes are the same storage: a copy nothing changed since.
func areBitwiseIdentical(_ old: Any, _ new: Any) -> Bool {
  func openOld<Old>(_ old: Old) -> Bool {
    func openNew<New>(_ new: New) -> Bool {
      guard Old.self == New.self else { return false }
      return withUnsafeBytes(of: old) { oldBytes in
        withUnsafeBytes(of: new) { newBytes in areSameBytes(oldBytes, newBytes) }
      }
    }
    return _openExistential(new, do: openNew)
  }
  return _openExistential(old, do: openOld)
}

/// Whether two buffers hold the same bytes: one `memcmp`. Two empty buffers do.
package func areSameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard a.count == b.count else { return false }
  guard let aStart = a.baseAddress, let bStart = b.baseAddress else { return true }
  return memcmp(aStart, bStart, a.count) == 0
}
