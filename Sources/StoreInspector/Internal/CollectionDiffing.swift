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
    var prefix = 0
    while prefix < shorter, self[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
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
}

extension Set: HashedSet {
  func difference(to new: Any) -> SetDifference? {
    guard let new = new as? Set<Element> else { return nil }
    let removed = subtracting(new)
    return SetDifference(
      removed: removed.map { $0 }, inserted: new.subtracting(self).map { $0 },
      unchangedCount: count - removed.count)
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
    let stride = MemoryLayout<Element>.stride
    let size = MemoryLayout<Element>.size
    let shorter = Swift.min(count, new.count)
    let (prefix, suffix) = withUnsafeBytes { mine in
      new.withUnsafeBytes { theirs in
        func identical(_ old: Int, _ new: Int) -> Bool {
          mine[(old * stride)..<(old * stride + size)]
            .elementsEqual(theirs[(new * stride)..<(new * stride + size)])
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
    return TrimmedArrays(
      commonPrefix: prefix,
      oldMiddle: self[prefix..<(count - suffix)].map { $0 },
      newMiddle: new[prefix..<(new.count - suffix)].map { $0 },
      commonSuffix: suffix)
  }
}
