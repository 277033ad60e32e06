import DexPlatform
import DexTesting
import Foundation
import Composable
import Testing

/// A client whose live value, while it is built, sets a shared value to 1 (as a client that
/// loads a setting would): the dex form of swift-sharing's `lockingOrderWithDependencies`.
private enum SettingLoadingClientKey: DependencyKey {
  /// The container the build makes its `@Shared` in, and whether the build has begun.
  static let building = LockedValue<(container: SharedContainer?, hasBegun: Bool)>((nil, false))
  static let changed = Condition()

  static let liveValue: Int = {
    let container = building.withLock { $0.container }
    let loaded = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: 0, .inMemory("loaded"))
    }
    building.withLock { $0.hasBegun = true }
    changed.signalAll()
    // Until another thread waits to make a `@Shared` (at most 30 s: without the wait, nothing
    // waits and the other thread has read the value already).
    let deadline = ContinuousClock.now + .seconds(30)
    while DependencyBuilding.waitingThreads == 0, ContinuousClock.now < deadline { usleep(200) }
    loaded.withLock { $0 = 1 }
    return 1
  }()
}

@Suite(.isolatedSharedState) struct DependencyBuildingTests {
  @Test func aSharedValueMadeWhileADependencyIsBuiltReadsWhatTheBuildSets() async {
    let container = SharedContainer(storage: .inMemory)
    SettingLoadingClientKey.building.withLock { $0.container = container }
    let (built, read) = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        Thread.detachNewThread {
          _ = DependencyValues(context: .live)[SettingLoadingClientKey.self]
        }
        _ = SettingLoadingClientKey.changed.wait(
          until: { SettingLoadingClientKey.building.withLock { $0.hasBegun } },
          timeout: .seconds(30))
        let read = SharedContainer.$current.withValue(container) {
          Shared(wrappedValue: 0, .inMemory("loaded")).wrappedValue
        }
        let built = DependencyValues(context: .live)[SettingLoadingClientKey.self]
        continuation.resume(returning: (built, read))
      }
    }
    #expect(built == 1)
    #expect(read == 1, "made while the client was built, the shared value read \(read)")
  }
}
