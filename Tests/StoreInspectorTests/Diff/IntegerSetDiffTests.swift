import Testing

@testable import StoreInspector

/// Sets of `Int` take the engine's fastest path (hashing for a few ids, bitmaps kept from one
/// diff to the next for more); sets of other integers take the generic one. Both must print
/// the same diff of the same values.
struct IntegerSetDiffTests {
  /// The diff of two sets of ids as the generic path prints it: the same values as `Int64`.
  private func referenceText(_ old: Set<Int>, _ new: Set<Int>) -> String {
    DiffRenderer.text(inspectorDiff(Set(old.map(Int64.init)), Set(new.map(Int64.init))))
  }

  /// The changes a set diff must give: each removed and each inserted id, by natural order of
  /// their text (removals first where two texts are the same).
  private func expectedChanges(_ old: Set<Int>, _ new: Set<Int>) -> [Change] {
    let removed = old.subtracting(new).map { (text: "\($0)", kind: Change.Kind.removed("\($0)")) }
    let inserted = new.subtracting(old).map { (text: "\($0)", kind: Change.Kind.inserted("\($0)")) }
    return (removed.sorted { $0.text.naturallyPrecedes($1.text) }
      + inserted.sorted { $0.text.naturallyPrecedes($1.text) })
      .enumerated()
      .sorted { lhs, rhs in
        lhs.element.text == rhs.element.text
          ? lhs.offset < rhs.offset : lhs.element.text.naturallyPrecedes(rhs.element.text)
      }
      .map { Change(path: [.key($0.element.text)], kind: $0.element.kind) }
  }

  private func expectSameDiff(
    _ old: Set<Int>, _ new: Set<Int>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let diff = inspectorDiff(old, new)
    #expect(diff.changes == expectedChanges(old, new), sourceLocation: sourceLocation)
    #expect(
      DiffRenderer.text(diff) == referenceText(old, new), sourceLocation: sourceLocation)
  }

  /// Ids 1…count spread over a range, some above 2,048 when `spread` is large.
  private func ids(_ count: Int, spread: Int = 1) -> Set<Int> {
    Set((0..<count).map { $0 * spread + 1 })
  }

  @Test func integerSetsOfEverySizeDiffAsTheGenericPathDoes() {
    for size in [0, 1, 15, 16, 17, 33, 100, 1_000] {
      for spread in [1, 3, 1_500] {
        let base = ids(size, spread: spread)
        let absent = size * spread + 2
        let some = base.first ?? 7
        let halves = size > 100 ? base.filter { $0 % 50 != 0 } : base.filter { $0 % 2 == 0 }
        for new in [
          base,  // equal values, storage of its own (below)
          base.union([absent]),  // one inserted
          base.subtracting([some]),  // one removed
          base.subtracting([some]).union([absent]),  // one of each, same count
          halves,  // many removed (a few of many)
          base.union((1...40).map { absent + $0 }),  // many inserted
          Set((1...min(size + 1, 40)).map { -$0 }),  // negative ids in place of them
          [],
        ] {
          expectSameDiff(base, new)
          expectSameDiff(new, base)
        }
        #expect(inspectorDiff(base, Set(Array(base))).isEmpty)
      }
    }
  }

  @Test func negativeAndHugeIdsDiffByValue() {
    let many = ids(40)
    for extra in [
      [-1], [Int.min], [Int.max], [2_047, 2_048], [1 << 20 - 1], [1 << 20], [1 << 40],
      [Int.min, -1, 0, Int.max],
    ] {
      expectSameDiff(many, many.union(extra))
      expectSameDiff(many.union(extra), many)
      expectSameDiff(many.union(extra), many.subtracting([5]).union(extra))
      expectSameDiff(many.union(extra), many.subtracting([5]).union([3_000]))
      expectSameDiff(Set(extra), Set(extra).union([9]))
    }
  }

  /// A favorite toggled over and over, each value diffed against the one before and against
  /// older ones, with more sets than the engine keeps bitmaps of: a bitmap kept from an
  /// earlier diff must never stand for another set.
  @Test func aChainOfTogglesDiffsEachPairRight() {
    var values: [Set<Int>] = [ids(50)]
    for step in 0..<60 {
      var next = values[values.count - 1]
      next.formSymmetricDifference([step * 37 % 90 + 1])
      if step % 7 == 0 { next.insert(5_000 + step) }
      values.append(next)
    }
    for index in values.indices.dropFirst() {
      expectSameDiff(values[index - 1], values[index])
      expectSameDiff(values[index], values[index / 2])
      expectSameDiff(values[index / 3], values[index])
    }
    // A set changed in place after its diff is a value of its own.
    var changing = values[values.count - 1]
    expectSameDiff(values[0], changing)
    changing.remove(changing.first ?? 0)
    changing.insert(1_999)
    expectSameDiff(values[0], changing)
    expectSameDiff(values[values.count - 1], changing)
  }

  @Test func integerSetsDiffedAtOnceFromSeveralTasksDiffRight() async {
    let pairs = (0..<8).map { task in
      (0..<20).map { step -> (Set<Int>, Set<Int>) in
        let old = ids(60 + task * 10 + step)
        return (old, old.subtracting([task + 1]).union([900 + step]))
      }
    }
    let results = await withTaskGroup(of: Bool.self) { group in
      for pairsOfTask in pairs {
        group.addTask {
          pairsOfTask.allSatisfy { old, new in
            let changes = inspectorDiff(old, new).changes
            let expected =
              old.subtracting(new).map { Change(path: [.key("\($0)")], kind: .removed("\($0)")) }
              + new.subtracting(old).map {
                Change(path: [.key("\($0)")], kind: .inserted("\($0)"))
              }
            return changes.count == expected.count && expected.allSatisfy(changes.contains)
          }
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: pairs.count))
  }

  @Test func setsOfOtherElementsKeepTheirOwnPath() {
    let old: Set<String> = ["b", "a10", "a9"]
    let new: Set<String> = ["a9", "c", "a100"]
    #expect(
      inspectorDiff(old, new).changes == [
        Change(path: [.key("\"a10\"")], kind: .removed("\"a10\"")),
        Change(path: [.key("\"a100\"")], kind: .inserted("\"a100\"")),
        Change(path: [.key("\"b\"")], kind: .removed("\"b\"")),
        Change(path: [.key("\"c\"")], kind: .inserted("\"c\"")),
      ])
    let unsigned = Set<UInt>((0..<100).map(UInt.init))
    #expect(
      inspectorDiff(unsigned, unsigned.subtracting([42]).union([4_242])).changes == [
        Change(path: [.key("42")], kind: .removed("42")),
        Change(path: [.key("4242")], kind: .inserted("4242")),
      ])
  }
}
