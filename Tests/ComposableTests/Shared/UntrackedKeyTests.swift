import DexTesting
import Composable
import Testing

/// A download that counts its progress in an untracked value and its result in a tracked one.
struct DownloadFeature: Reducer {
  struct State: Equatable {
    @Shared(.untracked(.inMemory("progress"))) var progress = 0
    @Shared(.inMemory("downloaded")) var downloaded: [String] = []
  }

  enum Action: Equatable, Sendable, Codable {
    case chunkArrived
    case finished(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .chunkArrived:
        state.$progress.withLock { $0 += 1 }
        return .none
      case let .finished(name):
        state.$progress.withLock { $0 = 0 }
        state.$downloaded.withLock { $0.append(name) }
        return .none
      }
    }
  }
}

/// Opting a value out of change tracking. swift-sharing tracks a shared value's changes for
/// TCA's TestStore (SharedChangeTracker) and lets a value skip change notifications
/// (`_MutationSkippableSharedValue`); its tests have no scenario of an opt-out, so these follow
/// what the opt-out is for in dex: a value that changes often and tells nothing of the session
/// stays out of snapshots, diffs, time travel and a TestStore's exhaustive assertions.
@Suite(.isolatedSharedState) struct UntrackedKeyTests {
  @Test func anUntrackedValueIsSharedButLeftOutOfSnapshots() {
    let progress = Shared(wrappedValue: 0, .untracked(.inMemory("progress")))
    let sameProgress = Shared(wrappedValue: 0, .inMemory("progress"))
    let downloaded = Shared(wrappedValue: [String](), .inMemory("downloaded"))
    progress.withLock { $0 = 3 }
    #expect(sameProgress.wrappedValue == 3)
    let container = SharedContainer.resolved
    let before = container.snapshot()
    #expect(before.keys == [downloaded.keyID])
    progress.withLock { $0 = 4 }
    downloaded.withLock { $0 = ["bulbasaur.png"] }
    container.restore(before)
    #expect(downloaded.wrappedValue == [])
    #expect(progress.wrappedValue == 4, "time travel leaves an untracked value as it is")
    #expect("\(progress)" == #"Shared<Int>(.untracked(.inMemory("progress")))"#)
  }

  @Test func aTestStoreAssertsOnlyTheTrackedChanges() async {
    let store = TestStore(initialState: DownloadFeature.State()) { DownloadFeature() }
    await store.send(.chunkArrived)
    await store.send(.chunkArrived)
    #expect(store.state.progress == 2)
    await store.send(.finished("bulbasaur.png")) {
      $0.$downloaded.withLock { $0 = ["bulbasaur.png"] }
    }
    #expect(store.state.progress == 0)
  }

  @Test func aStoreEntryOfOnlyUntrackedChangesHasNoSharedChange() {
    let store = Store(initialState: DownloadFeature.State()) { DownloadFeature() }
    let before = store.sharedSnapshot
    store.send(.chunkArrived)
    #expect(store.sharedSnapshot == before)
    #expect(store.state.progress == 1)
  }
}
