#if canImport(Glibc)
  import Glibc
#endif
import Synchronization

// Native fast paths for the diff engine: with the concrete collection type opened, equal
// elements are skipped with `==` and hashing, without reflecting on every element.

/// The two ends two arrays have in common and the differing middles, as found with `==`.
struct TrimmedArrays {
  var commonPrefix: Int
  var oldMiddle: [Any]
  var newMiddle: [Any]
  var commonSuffix: Int
}

/// An array whose elements are `Equatable`.
protocol EquatableElementsArray {
  /// Trims the elements this array (the old value) shares at both ends with `new`.
  func trimmed(against new: Any) -> TrimmedArrays?
}

extension Array: EquatableElementsArray where Element: Equatable {
  func trimmed(against new: Any) -> TrimmedArrays? {
    guard let new = new as? [Element] else { return nil }
    let shorter = Swift.min(count, new.count)
    // Identical bits first (a memory compare: elements copied from the old array are), then
    // `==` for elements equal in value but not in bits.
    var (prefix, suffix) = identicalEnds(with: new)
    while prefix < shorter, self[prefix] == new[prefix] { prefix += 1 }
    while suffix < shorter - prefix, self[count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    return TrimmedArrays(
      commonPrefix: prefix,
      oldMiddle: self[prefix..<(count - suffix)].map { $0 },
      newMiddle: new[prefix..<(new.count - suffix)].map { $0 },
      commonSuffix: suffix)
  }
}

/// What differs between two sets, found by hashing.
struct SetDifference {
  var removed: [Any]
  var inserted: [Any]
  var unchangedCount: Int
}

/// A set whose difference to another can be computed natively.
protocol HashedSet {
  /// Elements of this set (the old value) missing from `new`, and the other way round.
  func difference(to new: Any) -> SetDifference?
  /// The address of the set's storage: copies of one set share it.
  var storageIdentity: UInt { get }
  /// The elements in ascending order when they are `Int`s (sets of ids are common and large).
  var sortedIntegers: [Int]? { get }
}

extension Set: HashedSet {
  func difference(to new: Any) -> SetDifference? {
    guard let new = new as? Set<Element> else { return nil }
    if Element.self == Int.self,
      let difference = smallIntegerDifference(
        unsafeBitCast(self, to: Set<Int>.self), unsafeBitCast(new, to: Set<Int>.self))
    {
      return difference
    }
    var removed: [Any] = []
    for element in self where !new.contains(element) { removed.append(element) }
    var inserted: [Any] = []
    if new.count != count - removed.count {
      for element in new where !contains(element) { inserted.append(element) }
    }
    return SetDifference(
      removed: removed, inserted: inserted, unchangedCount: count - removed.count)
  }

  var storageIdentity: UInt {
    withUnsafeBytes(of: self) { $0.load(as: UInt.self) }
  }

  var sortedIntegers: [Int]? {
    guard Element.self == Int.self else { return nil }
    return unsafeBitCast(self, to: Set<Int>.self).sorted()
  }
}

/// What differs between two dictionaries, found by hashing their keys.
struct DictionaryDifference {
  var removed: [(key: Any, value: Any)]
  var inserted: [(key: Any, value: Any)]
  /// Entries present in both whose values are not known to be equal.
  var common: [(key: Any, old: Any, new: Any)]
  /// Entries present in both with equal values.
  var equalCount: Int
}

/// A dictionary whose difference to another can be computed natively.
protocol HashedDictionary {
  /// The entries that differ between this dictionary (the old value) and `new`.
  func difference(to new: Any) -> DictionaryDifference?
}

extension Dictionary: HashedDictionary {
  func difference(to new: Any) -> DictionaryDifference? {
    guard let new = new as? [Key: Value] else { return nil }
    var result = DictionaryDifference(removed: [], inserted: [], common: [], equalCount: 0)
    for (key, oldValue) in self {
      guard let newValue = new[key] else {
        result.removed.append((key: key, value: oldValue))
        continue
      }
      if isEqualIfEquatable(oldValue, newValue) == true {
        result.equalCount += 1
      } else {
        result.common.append((key: key, old: oldValue, new: newValue))
      }
    }
    for (key, newValue) in new where self[key] == nil {
      result.inserted.append((key: key, value: newValue))
    }
    return result
  }
}

/// Any array, whatever its elements.
protocol ArrayStorage {
  /// Whether `other` is an array of the same type sharing this array's copy-on-write buffer,
  /// which makes the two equal without looking at a single element.
  func sharesStorage(with other: Any) -> Bool

  /// Trims the elements this array (the old value) shares at both ends with `new`, where
  /// "shares" means bit-for-bit identical: same scalars, same string storage, same references.
  ///
  /// Identical bits imply equal values, so this is safe for elements that are not `Equatable`;
  /// elements that are equal but differ in their bits are left in the middle and compared there.
  func trimmedByBits(against new: Any) -> TrimmedArrays?
}

extension Array {
  /// How many elements at the start and at the end (not overlapping) are bit-for-bit identical
  /// in `self` and `new`.
  func identicalEnds(with new: [Element]) -> (prefix: Int, suffix: Int) {
    let stride = MemoryLayout<Element>.stride
    let size = MemoryLayout<Element>.size
    let shorter = Swift.min(count, new.count)
    guard size > 0 else { return (shorter, 0) }
    return withUnsafeBytes { mine in
      new.withUnsafeBytes { theirs in
        guard let mineBase = mine.baseAddress, let theirsBase = theirs.baseAddress else {
          return (0, 0)
        }
        func identical(_ old: Int, _ new: Int) -> Bool {
          memcmp(mineBase + old * stride, theirsBase + new * stride, size) == 0
        }
        var prefix = 0
        while prefix < shorter, identical(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, identical(count - 1 - suffix, new.count - 1 - suffix) {
          suffix += 1
        }
        return (prefix, suffix)
      }
    }
  }
}

extension Array: ArrayStorage {
  func sharesStorage(with other: Any) -> Bool {
    guard let other = other as? [Element], other.count == count else { return false }
    guard !isEmpty else { return true }
    return withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
  }

  func trimmedByBits(against new: Any) -> TrimmedArrays? {
    guard let new = new as? [Element] else { return nil }
    let (prefix, suffix) = identicalEnds(with: new)
    return TrimmedArrays(
      commonPrefix: prefix,
      oldMiddle: self[prefix..<(count - suffix)].map { $0 },
      newMiddle: new[prefix..<(new.count - suffix)].map { $0 },
      commonSuffix: suffix)
  }
}

/// The difference of two sets of small non-negative integers (ids), through bitmaps: no
/// hashing, one pass over each set and a few instructions per element.
private func smallIntegerDifference(_ old: Set<Int>, _ new: Set<Int>) -> SetDifference? {
  guard let oldBits = bitmap(of: old), let newBits = bitmap(of: new) else { return nil }
  var removed: [Any] = []
  var inserted: [Any] = []
  for word in 0..<max(oldBits.count, newBits.count) {
    let before = word < oldBits.count ? oldBits[word] : 0
    let after = word < newBits.count ? newBits[word] : 0
    guard before != after else { continue }
    var gone = before & ~after
    while gone != 0 {
      removed.append(word * 64 + gone.trailingZeroBitCount)
      gone &= gone - 1
    }
    var added = after & ~before
    while added != 0 {
      inserted.append(word * 64 + added.trailingZeroBitCount)
      added &= added - 1
    }
  }
  return SetDifference(removed: removed, inserted: inserted, unchangedCount: old.count - removed.count)
}

/// The set as bits, or nil when an element is negative or too large for a small bitmap.
///
/// Consecutive diffs usually share a set (the value after one action is the value before the
/// next), so the last few bitmaps are kept by the set's storage.
private func bitmap(of set: Set<Int>) -> [UInt64]? {
  let identity = set.storageIdentity
  if !set.isEmpty, let known = recentBitmaps.withLock({ $0.first { $0.identity == identity }?.bits }) {
    return known
  }
  let bits = computeBitmap(of: set)
  if let bits, !set.isEmpty {
    recentBitmaps.withLock { recent in
      recent.insert((identity, bits, set), at: 0)
      if recent.count > 4 { recent.removeLast() }
    }
  }
  return bits
}

/// Bitmaps of recently diffed sets, newest first; each entry keeps its set alive, so its
/// storage address cannot be reused by another set while the entry is here.
private let recentBitmaps = Mutex<[(identity: UInt, bits: [UInt64], set: Set<Int>)]>([])

private func computeBitmap(of set: Set<Int>) -> [UInt64]? {
  var bits = [UInt64](repeating: 0, count: 32)
  for element in set {
    guard element >= 0, element < 1 << 20 else { return nil }
    let word = element >> 6
    if word >= bits.count { bits += [UInt64](repeating: 0, count: word + 1 - bits.count + 32) }
    bits[word] |= 1 << UInt64(element & 63)
  }
  return bits
}
