import Composable

extension Set {
  /// Removes `member` if present, inserts it otherwise: how a favorite button flips.
  @inlinable
  package mutating func toggle(_ member: Element) {
    if remove(member) == nil { insert(member) }
  }
}
