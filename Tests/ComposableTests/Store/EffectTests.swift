import DexTesting
@testable import Composable
import Testing

@Suite struct EffectTests {
  @Test func cancellableTimerTicksUntilStopped() async {
    let clock = ManualClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timerStartTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.count = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) { $0.count = 2 }
    await store.receive(.timerTicked) { $0.count = 3 }
    await store.send(.timerStopTapped) { $0.isTimerRunning = false }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.count == 3)
  }

  @Test func startingTheTimerAgainCancelsTheRunningOne() async {
    let clock = ManualClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timerStartTapped) { $0.isTimerRunning = true }
    await store.send(.timerStartTapped)
    await clock.advance(by: .seconds(1))
    // One timer, one tick: the first was cancelled in flight.
    await store.receive(.timerTicked) { $0.count = 1 }
    await store.send(.timerStopTapped) { $0.isTimerRunning = false }
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func debounceRunsOnlyTheLastSearchAfterThePause() async {
    let clock = ManualClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("p")) { $0.query = "p" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("pi")) { $0.query = "pi" }
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.searchResults.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchCompleted(["pi-1", "pi-2"])) { $0.searchResults = ["pi-1", "pi-2"] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func mergedSendsArriveInOrder() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.chainTapped)
    await store.receive(.incrementTapped) { $0.count = 1 }
    await store.receive(.incrementTapped) { $0.count = 2 }
    await store.receive(.decrementTapped) { $0.count = 1 }
    await store.finish()
  }

  @Test func concatenatedEffectsRunOneAfterAnother() async {
    let clock = ManualClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.concatenatedTapped)
    await clock.advance(by: .milliseconds(100))
    // The second effect waited for the first, although it has no delay of its own.
    await store.receive(.incrementTapped) { $0.count = 1 }
    await store.receive(.decrementTapped) { $0.count = 0 }
    await store.finish()
  }

  @Test func immediateClockRunsDelaysWithoutWaiting() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    await store.send(.delayedIncrementTapped)
    await store.receive(.incrementTapped) { $0.count = 1 }
    await store.finish()
  }

  @Test func mergeDropsEmptyEffects() {
    let effect = Effect<Int>.merge(.none, .none)
    let concatenated = Effect<Int>.concatenate(.none)
    #expect(effect.isNone)
    #expect(concatenated.isNone)
  }
}
