import Foundation

/// A value whose change between two versions can be made again on a third: what time travel
/// writes onto a persisted value that another process may have changed meanwhile.
///
/// ```swift
/// var onDisk: Set = [1, 4]               // 4 was added by another process
/// onDisk.applyChange(from: [1], to: [])  // this session goes back before adding 1
/// onDisk                                 // [4]: the other process's 4 is kept
/// ```
public protocol MergeableValue {
  /// Makes on this value the change that turned `old` into `new`.
  mutating func applyChange(from old: Self, to new: Self)
}

extension Set: MergeableValue {
  /// Removes the elements `new` lost and inserts those it gained.
  public mutating func applyChange(from old: Self, to new: Self) {
    subtract(old.subtracting(new))
    formUnion(new.subtracting(old))
  }
}

extension Dictionary: MergeableValue where Value: Equatable {
  /// Removes the keys `new` lost and sets the keys it added or changed.
  public mutating func applyChange(from old: Self, to new: Self) {
    for key in old.keys where new[key] == nil { removeValue(forKey: key) }
    for (key, value) in new where old[key] != value { self[key] = value }
  }
}

extension Array: MergeableValue where Element: Equatable {
  /// Removes the elements `new` lost (one occurrence each) and inserts each one it gained right
  /// after the element it follows in `new` (first when it comes first, last when that element
  /// is gone).
  public mutating func applyChange(from old: Self, to new: Self) {
    var remaining = new
    for element in old {
      if let index = remaining.firstIndex(of: element) {
        remaining.remove(at: index)
      } else if let index = firstIndex(of: element) {
        remove(at: index)
      }
    }
    var unmatched = old
    for (offset, element) in new.enumerated() {
      if let index = unmatched.firstIndex(of: element) {
        unmatched.remove(at: index)
      } else if offset == 0 {
        insert(element, at: 0)
      } else if let anchor = lastIndex(of: new[offset - 1]) {
        insert(element, at: anchor + 1)
      } else {
        append(element)
      }
    }
  }
}

/// A single value: a change replaces it, unless another writer replaced it meanwhile.
public protocol ReplaceableValue: MergeableValue, Equatable {}

extension ReplaceableValue {
  /// Becomes `new` when it still holds `old`; a value another writer set since is kept (the
  /// newer change wins, as an element another process added to a set is kept).
  public mutating func applyChange(from old: Self, to new: Self) {
    if self == old { self = new }
  }
}

extension Bool: ReplaceableValue {}
extension Int: ReplaceableValue {}
extension Double: ReplaceableValue {}
extension String: ReplaceableValue {}
extension Data: ReplaceableValue {}
extension URL: ReplaceableValue {}

/// Makes type-erased changes on a type-erased value.
enum ValueMerging {
  /// `value` with each change (old → new, in order) made on it; nil when it is not a
  /// `MergeableValue`.
  static func applying(
    _ changes: [(old: any Sendable, new: any Sendable)], to value: any Sendable
  ) -> (any Sendable)? {
    merged(changes, value)
  }

  private static func merged<Value: Sendable>(
    _ changes: [(old: any Sendable, new: any Sendable)], _ value: Value
  ) -> Value? {
    guard var mergeable = value as? any MergeableValue else { return nil }
    apply(changes, to: &mergeable)
    return mergeable as? Value
  }

  private static func apply<Merged: MergeableValue>(
    _ changes: [(old: any Sendable, new: any Sendable)], to value: inout Merged
  ) {
    for change in changes {
      guard let old = change.old as? Merged, let new = change.new as? Merged else { continue }
      value.applyChange(from: old, to: new)
    }
  }
}
