import Foundation

/// Whether `old` and `new` hold values of one type with the same bytes, read where their
/// existentials hold them (no copy, no retain). For a value kept in copy-on-write storage (a
/// `ChunkedCollection`), the same bytes are the same storage: a copy nothing changed since.
func areBitwiseIdentical(_ old: Any, _ new: Any) -> Bool {
  func openOld<Old>(_ old: Old) -> Bool {
    func openNew<New>(_ new: New) -> Bool {
      guard Old.self == New.self else { return false }
      return withUnsafeBytes(of: old) { oldBytes in
        withUnsafeBytes(of: new) { newBytes in
          guard let oldStart = oldBytes.baseAddress, let newStart = newBytes.baseAddress else {
            return true  // a type of no bytes: one value
          }
          return memcmp(oldStart, newStart, oldBytes.count) == 0
        }
      }
    }
    return _openExistential(new, do: openNew)
  }
  return _openExistential(old, do: openOld)
}
