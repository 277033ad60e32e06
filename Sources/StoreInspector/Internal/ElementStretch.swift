#if canImport(Glibc)
  import Glibc
#endif

/// A run of positions where two ordered collections hold the same elements, or a run where
/// they may differ: what the native fast paths hand the diff engine, so that it visits only
/// the elements that may have changed.
enum ElementStretch {
  case unchanged(count: Int)
  /// Elements that may differ: the engine aligns and diffs them one by one.
  case differing(old: [Any], new: [Any])
}

/// Collects stretches element by element, merging neighbours of one kind.
struct ElementStretchBuilder {
  private var stretches: [ElementStretch] = []
  private var unchanged = 0
  private var old: [Any] = []
  private var new: [Any] = []

  init() {
    // Room for the usual few (unchanged, differing, unchanged) at once, not stretch by stretch.
    stretches.reserveCapacity(4)
  }

  /// `count` more elements that are the same on both sides.
  mutating func addUnchanged(_ count: Int) {
    endDiffering()
    unchanged += count
  }

  /// One more pair of elements that may differ.
  mutating func addDiffering(_ oldElement: Any, _ newElement: Any) {
    endUnchanged()
    old.append(oldElement)
    new.append(newElement)
  }

  /// The stretches, in order.
  mutating func finish() -> [ElementStretch] {
    endUnchanged()
    endDiffering()
    return stretches
  }

  private mutating func endUnchanged() {
    guard unchanged > 0 else { return }
    stretches.append(.unchanged(count: unchanged))
    unchanged = 0
  }

  private mutating func endDiffering() {
    guard !old.isEmpty else { return }
    stretches.append(.differing(old: old, new: new))
    old = []
    new = []
  }
}

/// The offsets of the references that differ between `old` and `new`, two buffers of one
/// size holding references (an array is one): a non-generic loop, however generic the caller.
private func differingReferences(_ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) -> [Int] {
  guard old.baseAddress != new.baseAddress else { return [] }
  let stride = MemoryLayout<UInt>.stride
  return (0..<(min(old.count, new.count) / stride)).filter { offset in
    old.load(fromByteOffset: offset * stride, as: UInt.self)
      != new.load(fromByteOffset: offset * stride, as: UInt.self)
  }
}

/// The positions of the elements whose bytes differ between `old` and `new`, two buffers of
/// elements `size` bytes long laid `stride` apart: a non-generic loop, as above.
private func differingElements(
  _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, stride: Int, size: Int
) -> [Int] {
  guard size > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return [] }
  return (0..<(min(old.count, new.count) / stride)).filter { position in
    memcmp(oldBase + position * stride, newBase + position * stride, size) != 0
  }
}

extension ChunkedCollection {
  /// The stretches from this value (the old one) to `new`: shared chunks are unchanged
  /// without a look at their elements; in the other chunks elements compare bit for bit.
  /// When the two are not aligned (an element was inserted, removed or moved), the ends they
  /// share are trimmed bit for bit and the middle left to the engine's alignment.
  ///
  /// This runs unspecialized (the element type is only known at run time), where every call
  /// on an array of chunks looks generic metadata up: so the chunks are told apart by one
  /// memory compare of the two lists of chunk references, and only the few differing chunks
  /// are touched one by one (by index: `first` and `last` would look an optional's up).
  func stretches(against new: Self) -> [ElementStretch]? {
    let oldChunks = elementChunks
    let newChunks = new.elementChunks
    guard isAligned(with: new), oldChunks.count == newChunks.count else {
      let old = Array(oldChunks.joined())
      return old.trimmedByBits(against: Array(newChunks.joined()))
    }
    guard oldChunks.count > 0 else { return [] }
    // Every chunk is full but the last (the protocol's layout), so offsets are arithmetic.
    let capacity = oldChunks[0].count
    let count = (oldChunks.count - 1) * capacity + oldChunks[oldChunks.count - 1].count
    let differingChunks = oldChunks.withUnsafeBytes { old in
      newChunks.withUnsafeBytes { new in differingReferences(old, new) }
    }
    var stretches = ElementStretchBuilder()
    var offset = 0
    for index in differingChunks {
      stretches.addUnchanged(index * capacity - offset)
      let oldChunk = oldChunks[index]
      let newChunk = newChunks[index]
      guard oldChunk.count == newChunk.count else { return nil }
      let differingPositions = oldChunk.withUnsafeBytes { old in
        newChunk.withUnsafeBytes { new in
          differingElements(
            old, new, stride: MemoryLayout<ChunkElement>.stride,
            size: MemoryLayout<ChunkElement>.size)
        }
      }
      var unchangedFrom = 0
      for position in differingPositions {
        if position > unchangedFrom { stretches.addUnchanged(position - unchangedFrom) }
        stretches.addDiffering(oldChunk[position], newChunk[position])
        unchangedFrom = position + 1
      }
      if oldChunk.count > unchangedFrom { stretches.addUnchanged(oldChunk.count - unchangedFrom) }
      offset = index * capacity + oldChunk.count
    }
    stretches.addUnchanged(count - offset)
    return stretches.finish()
  }
}
