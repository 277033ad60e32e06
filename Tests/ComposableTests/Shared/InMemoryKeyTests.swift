import DexTesting
import Composable
import Testing

extension SharedKey where Self == InMemoryKey<Bool>.Default {
  fileprivate static var isOn: Self { Self[.inMemory("isOn"), default: false] }
}

/// In-memory keys and defaults, as swift-sharing's own tests use them: one value per key for
/// the life of the container, the first default wins.
@Suite(.isolatedSharedState) struct InMemoryKeyTests {
  @Test func everyHolderOfAKeySeesOneValue() {
    let count = Shared(wrappedValue: 0, .inMemory("count"))
    count.withLock { $0 += 1 }
    let another = Shared(wrappedValue: 0, .inMemory("count"))
    #expect(another.wrappedValue == 1)
    another.withLock { $0 += 1 }
    #expect(count.wrappedValue == 2)
  }

  @Test func aValueOutlivesItsHolders() async {
    do {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      count.withLock { $0 += 1 }
    }
    #expect(SharedReader(wrappedValue: 0, .inMemory("count")).wrappedValue == 1)
    await Task {
      #expect(Shared(wrappedValue: 0, .inMemory("count")).wrappedValue == 1)
    }.value
  }

  @Test func theFirstDefaultWinsOverLaterOnes() {
    let first = Shared(wrappedValue: true, .isOn)
    let second = Shared(wrappedValue: false, .isOn)
    let third = SharedReader(.isOn)
    #expect([first.wrappedValue, second.wrappedValue, third.wrappedValue] == [true, true, true])
  }

  @Test func theKeysDefaultIsUsedWhenItComesFirst() {
    let first = Shared(.isOn)
    let second = Shared(wrappedValue: true, .isOn)
    #expect([first.wrappedValue, second.wrappedValue] == [false, false])
  }

  @Test func optionalValuesKeepTheirDefault() {
    let count = Shared<Int?>(wrappedValue: nil, .inMemory("optional"))
    #expect(count.wrappedValue == nil)
    count.withLock { $0 = 4 }
    #expect(Shared<Int?>(wrappedValue: nil, .inMemory("optional")).wrappedValue == 4)
  }

  @Test func aValueDiffsUnderItsKindAndName() {
    let count = Shared(wrappedValue: 0, .inMemory("downloads"))
    #expect(count.keyID.displayName == "inMemory:downloads")
    #expect(Shared(wrappedValue: 0, .appStorage("pageSize")).keyID.displayName == "appStorage:pageSize")
  }
}
