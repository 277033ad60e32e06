import Foundation
import Composable
import Testing

@Suite struct IdentifiedArrayTests {
  private struct Row: Identifiable, Equatable, Hashable, Codable {
    var id: Int
    var level: Int
  }

  private func rows(_ ids: some Sequence<Int>) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: ids.map { Row(id: $0, level: $0 % 100) })
  }

  /// Whether two arrays of chunks hold the same chunk buffers, chunk by chunk.
  private func sharedChunks(_ lhs: [[Row]], _ rhs: [[Row]]) -> [Bool] {
    zip(lhs, rhs).map { left, right in
      left.withUnsafeBufferPointer { l in right.withUnsafeBufferPointer { $0.baseAddress == l.baseAddress } }
    }
  }

  @Test func changingOneRowOfACopyCopiesOnlyItsChunk() {
    let before = rows(1...1_000)
    var after = before
    after.update(at: 500) { $0.level += 1 }
    let shared = sharedChunks(before.chunks, after.chunks)
    #expect(shared.count == 16)
    #expect(shared.enumerated().filter { !$0.element }.map(\.offset) == [500 / 64])
    #expect(before[500].level == 1 && after[500].level == 2)
    #expect(before != after)
    after[id: 501]?.level -= 1
    #expect(before == after)
  }

  @Test func everyChunkIsFullButTheLastWhateverTheHistory() {
    var edited = rows(0..<300)
    edited.remove(at: 10)
    edited.remove(at: 200)
    edited[id: 1_000] = Row(id: 1_000, level: 1)
    edited.move(fromOffsets: [0, 5], toOffset: 100)
    edited.remove(atOffsets: [3, 150])
    edited.sort { $0.id < $1.id }
    #expect(edited.chunks.dropLast().allSatisfy { $0.count == 64 })
    #expect(edited.chunks.last?.isEmpty == false)
    #expect(edited.chunks.map(\.count).reduce(0, +) == edited.count)
    let rebuilt = IdentifiedArray(uniqueElements: Array(edited))
    #expect(rebuilt == edited)
    #expect(rebuilt.chunks.map(\.count) == edited.chunks.map(\.count))
    #expect(rebuilt.hashValue == edited.hashValue)
  }

  @Test func removingARowKeepsTheChunksBeforeItAndEveryPosition() {
    let before = rows(1...200)
    var after = before
    let removed = after.remove(at: 130)
    #expect(removed.id == 131)
    #expect(sharedChunks(before.chunks, after.chunks).prefix(2) == [true, true])
    #expect(after.count == 199)
    #expect(after.ids == Array(1...130) + Array(132...200))
    for (position, row) in after.enumerated() { #expect(after.index(id: row.id) == position) }
    #expect(after[id: 131] == nil)
    after.removeAll()
    #expect(after.isEmpty && after.chunks.isEmpty)
  }

  @Test func insertingAppendingAndRemovingByIDKeepEveryChunkFullAndEveryPosition() {
    var edited = rows(1...130)
    let inserted = edited.insert(Row(id: 500, level: 1), at: 64)
    let insertedAgain = edited.insert(Row(id: 3, level: 1), at: 0)
    #expect(inserted && !insertedAgain, "an id already present is not added")
    edited.append(contentsOf: [Row(id: 600, level: 2), Row(id: 1, level: 9), Row(id: 601, level: 3)])
    let removed = edited.remove(id: 2)
    let removedAgain = edited.remove(id: 2)
    #expect(removed?.level == 2 && removedAgain == nil)
    #expect(edited.ids == [1] + Array(3...64) + [500] + Array(65...130) + [600, 601])
    for (position, row) in edited.enumerated() { #expect(edited.index(id: row.id) == position) }
    #expect(edited.chunks.dropLast().allSatisfy { $0.count == 64 })
    #expect(edited == IdentifiedArray(uniqueElements: Array(edited)))
  }

  @Test func idsAndPositionsReachRowsInEveryChunk() {
    var array = rows(1...130)
    #expect(array[129].id == 130)
    #expect(array[id: 65]?.level == 65)
    array[id: 65] = Row(id: 65, level: 7)
    #expect(array[64].level == 7)
    let duplicateAdded = array.append(Row(id: 65, level: 0))
    let newAdded = array.append(Row(id: 131, level: 0))
    #expect(!duplicateAdded && newAdded)
    #expect(array.chunks.map(\.count) == [64, 64, 3])
    #expect(array.elementsArray.map(\.id) == Array(1...131))
  }

  @Test func codableAndDescriptionSeeThePlainElements() throws {
    let array = rows(1...70)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys  // members in one order, so bytes compare
    let data = try encoder.encode(array)
    #expect(data == (try encoder.encode(array.elementsArray)))
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data) == array)
    #expect(array.description == array.elementsArray.description)
  }

  @Test func decodingRefusesTwoElementsWithOneIdNamingTheLaterOne() {
    let json = Data(#"[{"id": 1, "level": 1}, {"id": 2, "level": 2}, {"id": 1, "level": 3}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: json)
    } throws: { error in
      guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
      return context.codingPath.map(\.intValue) == [2]
        && context.debugDescription == "element 0 has the same id, and each id may occur once"
    }
  }

  @Test func decodingKeepsTheElementsInOrder() throws {
    let json = Data(#"[{"id": 3, "level": 1}, {"id": 1, "level": 2}]"#.utf8)
    let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: json)
    #expect(decoded.ids == [3, 1])
    #expect(decoded[id: 1]?.level == 2)
  }
}

