import DexTesting
import Composable
import Testing

/// A snapshot keeps the stamp of the write behind each value: the container reads again only
/// the values written since its last snapshot, and two snapshots holding one write's value
/// compare without `==`. A stamp never stands for another value: a value written back, put in
/// from elsewhere, or held by another container is compared by value.
@Suite(.isolatedSharedState) struct SharedSnapshotTests {
  let container = SharedContainer(storage: .inMemory) { _ in }

  func shared<Value: Sendable & Equatable>(_ name: String, _ value: Value, in container: SharedContainer? = nil) -> Shared<Value> {
    SharedContainer.$current.withValue(container ?? self.container) {
      Shared(wrappedValue: value, .inMemory(name))
    }
  }

  @Test func aSnapshotAfterAWriteHoldsTheNewValueAndKeepsTheOthers() {
    let favorites = shared("favorites", Set<Int>())
    let level = shared("level", 5)
    let first = container.snapshot()
    favorites.withLock { $0.insert(25) }
    let second = container.snapshot()
    #expect(second[favorites.keyID] as? Set<Int> == [25])
    #expect(second[level.keyID] as? Int == 5)
    #expect(!first.holdsSameValue(of: favorites.keyID, as: second))
    #expect(first.holdsSameValue(of: level.keyID, as: second))
    level.withLock { $0 = 6 }
    let third = container.snapshot()
    #expect(third[favorites.keyID] as? Set<Int> == [25])
    #expect(third[level.keyID] as? Int == 6)
    #expect(second.holdsSameValue(of: favorites.keyID, as: third))
    #expect(!second.holdsSameValue(of: level.keyID, as: third))
    #expect(first != third)
  }

  @Test func aValueWrittenBackIsTheSameValueUnderANewStamp() {
    let level = shared("level", 5)
    let first = container.snapshot()
    level.withLock { $0 = 6 }
    #expect(!first.holdsSameValue(of: level.keyID, as: container.snapshot()))
    level.withLock { $0 = 5 }
    let back = container.snapshot()
    #expect(!back.isSameSnapshot(as: first))
    #expect(first.holdsSameValue(of: level.keyID, as: back))
    #expect(first == back)
  }

  @Test func aValuePutInASnapshotIsComparedByValueNotByTheStampItReplaced() {
    let level = shared("level", 5)
    let taken = container.snapshot()
    let replaced = taken.replacingValue(of: level.keyID, with: 7)
    #expect(!taken.holdsSameValue(of: level.keyID, as: replaced))
    #expect(taken != replaced)
    let same = taken.replacingValue(of: level.keyID, with: 5)
    #expect(taken.holdsSameValue(of: level.keyID, as: same))
  }

  @Test func theSameKeyInTwoContainersIsComparedByValue() {
    let other = SharedContainer(storage: .inMemory) { _ in }
    let here = shared("level", 5)
    let there = shared("level", 6, in: other)
    #expect(here.keyID == there.keyID)
    #expect(!container.snapshot().holdsSameValue(of: here.keyID, as: other.snapshot()))
    there.withLock { $0 = 5 }
    #expect(container.snapshot().holdsSameValue(of: here.keyID, as: other.snapshot()))
  }
}
