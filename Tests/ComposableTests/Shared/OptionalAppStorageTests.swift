import DexTesting
import Composable
import Testing

/// Optional app storage values (swift-sharing's AppStorageTests.optional and optionalDefault):
/// nil until set, kept as `null`. swift-sharing removes the member for nil, which user defaults
/// must; dex keeps `null`, since a missing member is given the key's default on first use and
/// nil would not survive the next start.
@Suite(.isolatedSharedState, .serialized) struct OptionalAppStorageTests {
  let storage: AppStorageTests

  init() throws {
    storage = try AppStorageTests()
  }

  // swift-sharing: AppStorageTests.optional
  @Test func anOptionalWithoutDefaultIsNilUntilAnotherWriterSetsItAndNullWhenSetToNil()
    async throws
  {
    let container = storage.container()
    let bool = SharedContainer.$current.withValue(container) {
      Shared<Bool?>(.appStorage("bool"))
    }
    #expect(bool.wrappedValue == nil)
    container.flush()
    #expect(storage.fileText() == #"{"bool":null}"#)
    try storage.write(#"{"bool":false}"#)
    #expect(await storage.waitUntil { bool.wrappedValue == false } != nil)
    bool.withLock { $0 = nil }
    container.flush()
    #expect(storage.fileText() == #"{"bool":null}"#)
    #expect(storage.errors.all.isEmpty)
  }

  // swift-sharing: AppStorageTests.optionalDefault
  @Test func anOptionalWithADefaultReadsTheDefaultForAMissingMemberAndNilForNull() async throws {
    let container = storage.container()
    let bool = SharedContainer.$current.withValue(container) {
      Shared<Bool?>(wrappedValue: true, .appStorage("bool"))
    }
    container.flush()
    #expect(storage.fileText() == #"{"bool":true}"#)
    try storage.write(#"{"bool":false}"#)
    #expect(await storage.waitUntil { bool.wrappedValue == false } != nil)
    try storage.write(#"{}"#)
    #expect(await storage.waitUntil { bool.wrappedValue == true } != nil)
    try storage.write(#"{"bool":null}"#)
    #expect(await storage.waitUntil { bool.wrappedValue == nil } != nil)
    bool.withLock { $0 = false }
    bool.withLock { $0 = nil }
    container.flush()
    #expect(storage.fileText() == #"{"bool":null}"#)
  }

  @Test func anOptionalMemberOfAnotherKindIsTheLoadError() throws {
    try storage.write(#"{"nickname":12}"#)
    let nickname = SharedContainer.$current.withValue(storage.container()) {
      Shared<String?>(.appStorage("nickname"))
    }
    #expect(nickname.wrappedValue == nil)
    #expect(nickname.loadError.map { "\($0)" }?.contains("nickname") == true)
  }
}
