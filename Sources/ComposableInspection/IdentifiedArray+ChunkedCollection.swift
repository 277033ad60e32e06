import Composable
import StoreInspector

// The inspector's diff skips the chunks two identified arrays share (see IdentifiedArray's
// notes on structural sharing): a change to one row of 10,000 is found by comparing chunk
// references, not rows.
extension IdentifiedArray: ChunkedCollection {
  public var elementChunks: [[Element]] { chunks }

  /// The same ids in the same order; `==` on arrays checks for a shared buffer first, so an
  /// unchanged membership costs O(1).
  public func isAligned(with other: Self) -> Bool {
    ids == other.ids
  }
}
