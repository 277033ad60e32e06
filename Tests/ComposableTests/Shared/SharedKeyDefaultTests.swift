import DexTesting
import Composable
import Testing

private struct Item: Identifiable, Equatable, Sendable {
  let id: Int
}

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<Item>>.Default {
  fileprivate static var items: Self { Self[.inMemory("items"), default: []] }
}

extension SharedKey where Self == InMemoryKey<Bool>.Default {
  fileprivate static var isOn: Self { Self[.inMemory("isOn"), default: false] }
}

/// A key that carries its default (swift-sharing's DefaultTests and CompileTimeTests): the value
/// type comes from the key, the first `@Shared` of the key sets the value, later defaults lose.
@Suite(.isolatedSharedState) struct SharedKeyDefaultTests {
  // swift-sharing: CompileTimeTests.testIdentifiedDefaultValue
  @Test func aDefaultWrittenBesideAKeyWithADefaultTakesItsTypeFromTheKey() {
    @Shared(.items) var items = []
    @SharedReader(.items) var read = []
    #expect(items == [])
    $items.withLock { $0.append(Item(id: 1)) }
    #expect(read == [Item(id: 1)])
  }

  // swift-sharing: DefaultTests.sharedCompetingDefaults, sharedUnspecifiedWrappedValue,
  // sharedReaderCompetingDefaults
  @Test func theFirstSharedOfAKeySetsItsValueAndLaterDefaultsAreIgnored() {
    @Shared(.isOn) var first = true
    @Shared(.isOn) var second = false
    @Shared(.isOn) var third
    @SharedReader(.isOn) var reader = false
    #expect([first, second, third, reader] == [true, true, true, true])
  }

  // swift-sharing: DefaultTests.requireShouldThrow. swift-sharing reports an issue as well as
  // throwing; dex throws only: the caller of `require` asked to hear of a missing value.
  @Test func requireOfAKeyWithADefaultThrowsWhileNothingIsStored() async {
    await #expect(throws: SharedLoadError.notStored(InMemoryKey<Bool>.Default.isOn.id)) {
      try await Shared(require: .isOn)
    }
  }
}
