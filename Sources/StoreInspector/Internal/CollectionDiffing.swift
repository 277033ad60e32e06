import DexPlatform
#if canImport(Glibc)
  import Glibc
#endif

// Native fast paths for the diff engine: with the concrete collection type opened, equal
// elements are skipped with `==` and hashing, without reflecting on every element.

/// An array whose elements are `Equatable`.
protocol EquatableElementsArray {
  /// The elements this array (the old value) shares at both ends with `new`, and the
  /// differing middle between them.
  func trimmed(against new: Any) -> [ElementStretch]?
}

extension Array: EquatableElementsArray where Element: Equatable {
  func trimmed(against new: Any) -> [ElementStretch]? {
    guard let new = new as? [Element] else { return nil }
    let shorter = Swift.min(count, new.count)
    // Identical bits first (a memory compare: elements copied from the old array are), then
    // `==` for elements equal in value but not in bits.
    var (prefix, suffix) = identicalEnds(with: new)
    while prefix < shorter, self[prefix] == new[prefix] { prefix += 1 }
    while suffix < shorter - prefix, self[count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    return stretches(to: new, prefix: prefix, suffix: suffix)
  }
}

extension ContiguousArray: EquatableElementsArray where Element: Equatable {
  func trimmed(against new: Any) -> [ElementStretch]? {
    guard let new = new as? Self else { return nil }
    // `Array(_:)` of a contiguous array shares its buffer: no copy.
    return Array(self).trimmed(against: Array(new))
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
    if Element.self == Int.self {
      return integerSetDifference(
        unsafeBitCast(self, to: Set<Int>.self), unsafeBitCast(new, to: Set<Int>.self))
    }
    if storageIdentity == new.storageIdentity {
      return SetDifference(removed: [], inserted: [], unchangedCount: count)
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

  var storageIdentity: UInt { StoreInspector.storageIdentity(of: self) }

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
    // Copies share their storage: equal without looking at an entry.
    if storageIdentity(of: self) == storageIdentity(of: new) {
      return DictionaryDifference(removed: [], inserted: [], common: [], equalCount: count)
    }
    // Equatable values compare natively: one cast for the dictionary, none per entry.
    if let equatable = self as? any EquatableValuesDictionary {
      return equatable.difference(comparingValuesTo: new)
    }
    return entryDifference(to: new) { isEqualIfEquatable($0, $1) == true }
  }

  /// The entries that differ, values compared with `areEqual`.
  fileprivate func entryDifference(
    to new: [Key: Value], areEqual: (Value, Value) -> Bool
  ) -> DictionaryDifference {
    var result = DictionaryDifference(removed: [], inserted: [], common: [], equalCount: 0)
    for (key, oldValue) in self {
      guard let newValue = new[key] else {
        result.removed.append((key: key, value: oldValue))
        continue
      }
      if areEqual(oldValue, newValue) {
        result.equalCount += 1
      } else {
        result.common.append((key: key, old: oldValue, new: newValue))
      }
    }
    if new.count != count - result.removed.count {
      for (key, newValue) in new where self[key] == nil {
        result.inserted.append((key: key, value: newValue))
      }
    }
    return result
  }
}

/// A dictionary whose values are `Equatable`.
private protocol EquatableValuesDictionary {
  func difference(comparingValuesTo new: Any) -> DictionaryDifference?
}

extension Dictionary: EquatableValuesDictionary where Value: Equatable {
  fileprivate func difference(comparingValuesTo new: Any) -> DictionaryDifference? {
    guard let new = new as? Self else { return nil }
    return entryDifference(to: new, areEqual: ==)
  }
}

/// The address of a set's or dictionary's storage: copies share it.
func storageIdentity<Value>(of value: Value) -> UInt {
  withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
}

/// Any array, whatever its elements.
protocol ArrayStorage {
  /// Whether `other` is an array of the same type sharing this array's copy-on-write buffer,
  /// which makes the two equal without looking at a single element.
  func sharesStorage(with other: Any) -> Bool

  /// The elements this array (the old value) shares at both ends with `new`, where "shares"
  /// means bit-for-bit identical: same scalars, same string storage, same references.
  ///
  /// Identical bits imply equal values, so this is safe for elements that are not `Equatable`;
  /// elements that are equal but differ in their bits are left in the middle and compared there.
  func trimmedByBits(against new: Any) -> [ElementStretch]?
}

extension Array {
  /// Whether `other` shares this array's buffer (copies do): equal, in O(1).
  func sharesStorage(with other: [Element]) -> Bool {
    guard other.count == count else { return false }
    guard !isEmpty else { return true }
    return withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
  }

  /// Calls `body` with a test of whether the element at an offset of `self` and the one at an
  /// offset of `other` are bit-for-bit identical (a memory compare, no `==`).
  func comparingBits<Result>(
    with other: [Element], _ body: ((_ mine: Int, _ theirs: Int) -> Bool) -> Result
  ) -> Result {
    let stride = MemoryLayout<Element>.stride
    let size = MemoryLayout<Element>.size
    return withUnsafeBytes { mine in
      other.withUnsafeBytes { theirs in
        body { old, new in
          guard size > 0 else { return true }
          guard let mineBase = mine.baseAddress, let theirsBase = theirs.baseAddress else {
            return false
          }
          return memcmp(mineBase + old * stride, theirsBase + new * stride, size) == 0
        }
      }
    }
  }

  /// How many elements at the start and at the end (not overlapping) are bit-for-bit identical
  /// in `self` and `new`.
  func identicalEnds(with new: [Element]) -> (prefix: Int, suffix: Int) {
    let shorter = Swift.min(count, new.count)
    return comparingBits(with: new) { identical in
      var prefix = 0
      while prefix < shorter, identical(prefix, prefix) { prefix += 1 }
      var suffix = 0
      while suffix < shorter - prefix, identical(count - 1 - suffix, new.count - 1 - suffix) {
        suffix += 1
      }
      return (prefix, suffix)
    }
  }

  /// `prefix` unchanged elements, the differing middles, `suffix` unchanged elements.
  func stretches(to new: [Element], prefix: Int, suffix: Int) -> [ElementStretch] {
    [
      .unchanged(count: prefix),
      .differing(
        old: self[prefix..<(count - suffix)].map { $0 },
        new: new[prefix..<(new.count - suffix)].map { $0 }),
      .unchanged(count: suffix),
    ]
  }
}

extension Array: ArrayStorage {
  func sharesStorage(with other: Any) -> Bool {
    guard let other = other as? [Element] else { return false }
    return sharesStorage(with: other)
  }

  func trimmedByBits(against new: Any) -> [ElementStretch]? {
    guard let new = new as? [Element] else { return nil }
    let (prefix, suffix) = identicalEnds(with: new)
    return stretches(to: new, prefix: prefix, suffix: suffix)
  }
}

extension ContiguousArray: ArrayStorage {
  func sharesStorage(with other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return Array(self).sharesStorage(with: Array(other))
  }

  func trimmedByBits(against new: Any) -> [ElementStretch]? {
    guard let new = new as? Self else { return nil }
    return Array(self).trimmedByBits(against: Array(new))
  }
}

/// `Set.difference(to:)` of two sets of integers (ids, the usual set in a state), compiled for
/// `Int`: the generic one looks the set's type metadata up as it goes.
func integerSetDifference(_ old: Set<Int>, _ new: Set<Int>) -> SetDifference {
  if storageIdentity(of: old) == storageIdentity(of: new) {
    return SetDifference(removed: [], inserted: [], unchangedCount: old.count)
  }
  if let difference = smallIntegerDifference(old, new) { return difference }
  var removed: [Any] = []
  for element in old where !new.contains(element) { removed.append(element) }
  var inserted: [Any] = []
  if new.count != old.count - removed.count {
    for element in new where !old.contains(element) { inserted.append(element) }
  }
  return SetDifference(removed: removed, inserted: inserted, unchangedCount: old.count - removed.count)
}

/// The difference of two sets of integers (ids): a few by hashing, more of them when small and
/// non-negative through bitmaps (no hashing, one pass over each set and a few instructions per
/// element).
private func smallIntegerDifference(_ old: Set<Int>, _ new: Set<Int>) -> SetDifference? {
  // A few ids (a favorite toggled) are looked up directly: cheaper than two bitmaps.
  if old.count + new.count <= 32 {
    var removed: [Any] = []
    for id in old where !new.contains(id) { removed.append(id) }
    var inserted: [Any] = []
    for id in new where !old.contains(id) { inserted.append(id) }
    return SetDifference(
      removed: removed, inserted: inserted, unchangedCount: old.count - removed.count)
  }
  // One lock for both bitmaps and their comparison: the bits are read where they are kept.
  return recentBitmaps.withLock { bitmaps in
    guard let oldBits = bitmaps.bits(of: old), let newBits = bitmaps.bits(of: new) else {
      return nil
    }
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
    return SetDifference(
      removed: removed, inserted: inserted, unchangedCount: old.count - removed.count)
  }
}

/// The bitmaps of the last few integer sets diffed, by their storage.
///
/// Consecutive diffs usually share a set (the value after one action is the value before the
/// next), so a set's bitmap is usually made once and read again by the next diff. Each entry
/// keeps its set alive, so its storage address cannot be reused by another set while the
/// entry is here; the oldest entry's words are reused for the next new bitmap (no allocation).
private struct RecentBitmaps {
  private var entries: [(identity: UInt, set: Set<Int>, bits: [UInt64])] = []

  /// How many bitmaps are kept.
  private static let capacity = 4

  /// The set as bits, or nil when an element is negative or too large for a small bitmap.
  mutating func bits(of set: Set<Int>) -> [UInt64]? {
    guard !set.isEmpty else { return [] }
    let identity = set.storageIdentity
    for index in entries.indices where entries[index].identity == identity {
      return entries[index].bits
    }
    var bits = entries.count < Self.capacity ? [] : entries.removeLast().bits
    guard fillBitmap(&bits, with: set) else { return nil }
    entries.insert((identity, set, bits), at: 0)
    return bits
  }
}

private let recentBitmaps = LockedValue(RecentBitmaps())

/// Sets `bits` to the bitmap of `set`, reusing its storage; false when an element is negative
/// or too large for a small bitmap.
private func fillBitmap(_ bits: inout [UInt64], with set: Set<Int>) -> Bool {
  // Ids below 2,048 (the usual case) are set in place, with no check of the array's
  // uniqueness or size per element; a larger one sends the set to the loop that grows it.
  bits.removeAll(keepingCapacity: true)
  bits.append(contentsOf: repeatElement(0, count: 32))
  let fits = bits.withUnsafeMutableBufferPointer { words in
    for element in set {
      guard element >= 0, element < 2_048 else { return false }
      words[element >> 6] |= 1 << UInt64(element & 63)
    }
    return true
  }
  if fits { return true }
  for element in set {
    guard element >= 0, element < 1 << 20 else { return false }
    let word = element >> 6
    if word >= bits.count { bits += [UInt64](repeating: 0, count: word + 1 - bits.count + 32) }
    bits[word] |= 1 << UInt64(element & 63)
  }
  return true
}
