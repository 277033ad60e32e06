/// A collection kept in copy-on-write chunks that its copies share (structural sharing), so two
/// values tell which elements may differ by comparing chunk storage.
///
/// The diff engine skips a chunk the two values share without looking at its elements, and
/// compares the elements of the other chunks bit for bit, so the diff after changing one
/// element of 10,000 costs about what it costs for 100:
///
/// ```swift
/// extension IdentifiedArray: ChunkedCollection {
///   public var elementChunks: [[Element]] { chunks }
///   public func isAligned(with other: Self) -> Bool { ids == other.ids }
/// }
/// ```
///
/// Equal values must be chunked alike (every chunk full but the last, say), and the value must
/// dump as the collection of its elements in order.
public protocol ChunkedCollection {
  associatedtype ChunkElement

  /// The elements, chunk by chunk, in order.
  var elementChunks: [[ChunkElement]] { get }

  /// Whether the elements of `other` at each position are those of this value at that
  /// position (same identities in the same order; their contents may differ), so the two can
  /// be compared position by position.
  func isAligned(with other: Self) -> Bool
}
