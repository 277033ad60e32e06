import Testing

@testable import StoreInspector

@Suite struct ChunkedArrayTests {
  /// The elements `0..<count` appended one by one, checked against an array doing the same.
  @Test(arguments: [0, 1, ChunkedArray<Int>.chunkSize - 1, ChunkedArray<Int>.chunkSize,
    ChunkedArray<Int>.chunkSize * 3 + 7])
  func appendedElementsReadBackInOrderAcrossChunks(count: Int) {
    var chunked = ChunkedArray<Int>()
    for value in 0..<count { chunked.append(value) }
    #expect(chunked.count == count)
    #expect((0..<chunked.count).map { chunked[$0] } == Array(0..<count))
  }

  @Test func anElementChangedInPlaceIsReadBackChanged() {
    var chunked = ChunkedArray<[Int]>()
    for value in 0..<(ChunkedArray<[Int]>.chunkSize + 5) { chunked.append([value]) }
    chunked[ChunkedArray<[Int]>.chunkSize + 2].append(-1)
    chunked[3] = [7]
    #expect(chunked[ChunkedArray<[Int]>.chunkSize + 2] == [ChunkedArray<[Int]>.chunkSize + 2, -1])
    #expect(chunked[3] == [7])
    #expect(chunked[4] == [4])
  }

  @Test(arguments: [0, 1, 5, ChunkedArray<Int>.chunkSize, ChunkedArray<Int>.chunkSize + 3,
    ChunkedArray<Int>.chunkSize * 2])
  func removingTheFirstElementsKeepsTheRestAndAppendingGoesOn(removed: Int) {
    let size = ChunkedArray<Int>.chunkSize
    var chunked = ChunkedArray<Int>()
    var plain: [Int] = []
    for value in 0..<(size * 2 + 10) {
      chunked.append(value)
      plain.append(value)
    }
    chunked.removeFirst(removed)
    plain.removeFirst(removed)
    for value in 0..<(size + 1) {
      chunked.append(-value)
      plain.append(-value)
    }
    #expect(chunked.count == plain.count)
    #expect((0..<chunked.count).map { chunked[$0] } == plain)
    chunked.removeFirst(chunked.count)
    #expect(chunked.count == 0)
    chunked.append(42)
    #expect(chunked[0] == 42)
  }
}
