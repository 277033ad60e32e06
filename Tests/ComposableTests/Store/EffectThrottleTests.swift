import Composable
import DexTesting
import Testing

/// TCA's EffectThrottleTests told on dex: a throttled effect runs at once, then at most once
/// per interval; the latest or the first of those made meanwhile runs at the interval's end.
/// TCA's tests look at the state between steps after skipping what arrived; an exhaustive
/// TestStore here fails on any action that arrives unasserted, so each step says the same.
@Suite struct EffectThrottleTests {
  struct Throttled: Reducer {
    struct State: Equatable {
      var count = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped(Int)
      case throttledResponse(Int)
    }

    enum CancelID { case tap }

    let latest: Bool
    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .tapped(value):
          return .send(.throttledResponse(value))
            .throttle(id: CancelID.tap, for: .seconds(1), clock: clock, latest: latest)
        case let .throttledResponse(value):
          state.count = value
          return .none
        }
      }
    }
  }

  private func store(latest: Bool, clock: ManualClock) -> TestStore<Throttled.State, Throttled.Action> {
    TestStore(initialState: Throttled.State()) {
      Throttled(latest: latest)
    } withDependencies: {
      $0.clock = clock
    }
  }

  @Test func theLatestTapOfAnIntervalRunsAtItsEnd() async {
    let clock = ManualClock()
    let store = store(latest: true, clock: clock)
    await store.send(.tapped(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await store.send(.tapped(2))
    await clock.advance(by: .milliseconds(250))
    await store.send(.tapped(3))
    await clock.advance(by: .milliseconds(250))
    await store.send(.tapped(4))
    await clock.advance(by: .milliseconds(250))
    await store.send(.tapped(5))
    await clock.advance(by: .milliseconds(250))
    await store.receive(.throttledResponse(5)) { $0.count = 5 }
    await store.finish()
  }

  @Test func theFirstTapOfAnIntervalRunsAtItsEndWhenNotLatest() async {
    let clock = ManualClock()
    let store = store(latest: false, clock: clock)
    await store.send(.tapped(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await store.send(.tapped(2))
    await clock.advance(by: .milliseconds(250))
    await store.send(.tapped(3))
    await clock.advance(by: .milliseconds(250))
    await store.send(.tapped(4))
    await clock.advance(by: .milliseconds(250))
    await store.send(.tapped(5))
    await clock.advance(by: .milliseconds(250))
    await store.receive(.throttledResponse(2)) { $0.count = 2 }
    await store.finish()
  }

  @Test func aTapAfterTheIntervalRunsAtOnce() async {
    let clock = ManualClock()
    let store = store(latest: true, clock: clock)
    await store.send(.tapped(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.send(.tapped(2))
    await store.receive(.throttledResponse(2)) { $0.count = 2 }
    await clock.advance(by: .seconds(2))
    await store.send(.tapped(3))
    await store.receive(.throttledResponse(3)) { $0.count = 3 }
  }

  @Test func theFirstTapRunsOnceAndAWaitingOneCountsAsTheNextRun() async {
    let clock = ManualClock()
    let store = store(latest: false, clock: clock)
    await store.send(.tapped(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await clock.advance(by: .milliseconds(500))
    await store.send(.tapped(2))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.throttledResponse(2)) { $0.count = 2 }
    // The waiting tap ran at one second: the interval starts again there.
    await store.send(.tapped(3))
    await clock.advance(by: .milliseconds(999))
    await store.send(.tapped(4))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.throttledResponse(3)) { $0.count = 3 }
    await store.finish()
  }

  @Test func cancellingTheIDDropsTheWaitingTap() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Throttled.State()) {
      Throttled(latest: true)
      Reduce { _, action in
        action == .tapped(0) ? .cancel(id: Throttled.CancelID.tap) : .none
      }
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.tapped(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await store.send(.tapped(2))
    await store.send(.tapped(0))
    await clock.advance(by: .seconds(2))
    await store.finish()
  }
}
