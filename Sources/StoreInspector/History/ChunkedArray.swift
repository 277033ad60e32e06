/// An array kept in chunks of `chunkSize` elements: appending never moves what is stored, so a
/// long history grows by one chunk at a time, never copying its entries into a buffer twice the
/// size (which would leave up to half of it unused and the old buffer's pages resident).
struct ChunkedArray<Element> {
  static var chunkSize: Int { 1 << chunkShift }
  private static var chunkShift: Int { 10 }

  private var chunks: [[Element]] = []
  /// Where element 0 sits in the first chunk: `removeFirst` drops whole chunks only.
  private var start = 0
  private(set) var count = 0

  subscript(index: Int) -> Element {
    _read {
      let position = start + index
      yield chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
    }
    _modify {
      let position = start + index
      yield &chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
    }
  }

  mutating func append(_ element: Element) {
    if (start + count) & (Self.chunkSize - 1) == 0 {
      var chunk: [Element] = []
      chunk.reserveCapacity(Self.chunkSize)
      chunks.append(chunk)
    }
    chunks[chunks.count - 1].append(element)
    count += 1
  }

  /// Forgets the first `k` elements; the chunks they filled are freed.
  mutating func removeFirst(_ k: Int) {
    precondition(k >= 0 && k <= count, "removeFirst(\(k)) of \(count) elements")
    start += k
    count -= k
    let emptied = start >> Self.chunkShift
    chunks.removeFirst(emptied)
    start -= emptied << Self.chunkShift
  }
}

extension ChunkedArray: Sendable where Element: Sendable {}
