import DexPlatform
import DexTesting
import Foundation
import Composable
import Testing

/// Recording the values dependencies make for a reducer, and handing them back.
@Suite struct GenerationTapeTests {
  @Test func aRecordingTapeKeepsWhatTheDependenciesMadeInOrder() {
    let tape = GenerationTape()
    let date = Date(timeIntervalSince1970: 86_400)
    withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(date)
    } operation: {
      @Dependency(\.uuid) var uuid
      @Dependency(\.date) var now
      tape.run {
        _ = uuid()
        _ = now.now
        _ = uuid()
      }
    }
    #expect(tape.values == [.uuid(UUID(counting: 1)), .date(date), .uuid(UUID(counting: 2))])
  }

  @Test func aReplayingTapeHandsTheRecordedValuesBackKindByKindThenMakesFreshOnes() {
    let recorded: [GeneratedValue] = [.uuid(UUID(counting: 7)), .date(.distantPast)]
    let tape = GenerationTape(replaying: recorded)
    let made = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(.distantFuture)
    } operation: { () -> [GeneratedValue] in
      @Dependency(\.uuid) var uuid
      @Dependency(\.date) var now
      return tape.run { [.date(now.now), .uuid(uuid()), .uuid(uuid())] }
    }
    #expect(made == [.date(.distantPast), .uuid(UUID(counting: 7)), .uuid(UUID(counting: 1))])
    #expect(tape.extra == [.uuid(UUID(counting: 1))])
  }

  @Test func aGeneratorWrappingAnotherIsRecordedOnce() {
    let tape = GenerationTape()
    withDependencies {
      let inner = UUIDGenerator.incrementing
      $0.uuid = UUIDGenerator { inner() }
    } operation: {
      @Dependency(\.uuid) var uuid
      tape.run { _ = uuid() }
    }
    #expect(tape.values == [.uuid(UUID(counting: 1))])
  }

  @Test func aStoreWithAnObserverTellsWhatEachActionsReductionMade() {
    let processed = LockedValue<[[GeneratedValue]]>([])
    let store = Store(initialState: [UUID]()) {
      Reduce<[UUID], Bool> { ids, adds in
        @Dependency(\.uuid) var uuid
        if adds { ids.append(uuid()) }
        return .none
      }
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.observe { action in processed.withLock { $0.append(action.generated) } }
    store.send(true)
    store.send(false)
    store.send(true)
    #expect(
      processed.withLock { $0 } == [[.uuid(UUID(counting: 1))], [], [.uuid(UUID(counting: 2))]])
  }
}
