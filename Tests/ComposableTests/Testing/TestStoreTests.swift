import DexTesting
import Composable
import Testing

/// TestStore must catch what a test forgot: these tests capture its failures instead of failing.
@Suite struct TestStoreTests {
  @Test func anUnassertedChangeFailsWithADiff() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.incrementTapped)
    #expect(failures.all.count == 1)
    #expect(
      failures.all.first == """
        State was not expected to change after sending .incrementTapped, but it did. Assert the \
        change in a trailing closure:
        (Expected: −, Actual: +)
          CounterFeature.State(
        -   count: 0
        +   count: 1
            … (3 unchanged)
          )
        """)
  }

  @Test func aWrongExpectationFailsWithExpectedAndActual() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.incrementTapped) { $0.count = 2 }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.contains("-   count: 2\n+   count: 1") == true)
  }

  @Test func anExpectedChangeThatDidNotHappenFails() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.timerStopTapped) { $0.isTimerRunning = false }
    #expect(failures.all.first?.hasPrefix("Expected the state to change") == true)
  }

  @Test func anUnreceivedActionFailsAtFinish() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.delayedIncrementTapped)
    await store.finish()
    #expect(
      failures.all == [
        """
        The store received 1 unexpected action: .incrementTapped. Assert each with receive(_:), \
        or call skipReceivedActions().
        """
      ])
  }

  @Test func sendingBeforeHandlingReceivedActionsFails() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.chainTapped)
    await store.send(.incrementTapped) { $0.count = 2 }
    #expect(failures.all.first?.hasPrefix("Must handle 3 received actions before sending") == true)
  }

  @Test func receivingTheWrongActionFails() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.chainTapped)
    await store.receive(.decrementTapped) { $0.count = -1 }
    #expect(failures.all.first?.hasPrefix("Received an unexpected action.") == true)
    store.skipReceivedActions()
  }

  @Test func anEffectStillRunningAtTheEndFails() async {
    let failures = Recorder()
    let clock = ManualClock()
    do {
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.clock = clock
      } reportFailure: { message, _ in
        failures.record(message)
      }
      await store.send(.timerStartTapped) { $0.isTimerRunning = true }
      await clock.settle()
    }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.hasPrefix("An effect started by sending .timerStartTapped is still running") == true)
  }

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    store.exhaustivity = .off
    await store.send(.chainTapped)
    await store.receive(.decrementTapped) { $0.count = 1 }
    await store.send(.queryChanged("pi")) { $0.count = 1 }
    store.skipInFlightEffects()
    #expect(failures.all.filter { !$0.contains("@Dependency(\\.clock)") }.isEmpty)
  }

  @Test func skippedEffectsKeepRunningAndTheirActionsStillArrive() async {
    let failures = Recorder()
    let clock = ManualClock()
    do {
      let store = TestStore(initialState: TickerFeature.State()) {
        TickerFeature()
      } withDependencies: {
        $0.clock = clock
      } reportFailure: { message, _ in
        failures.record(message)
      }
      await store.send(.startTapped)
      store.skipInFlightEffects()
      await clock.advance(by: .seconds(1))
      await store.receive(.ticked) { $0.ticks = 1 }
      await store.finish()
    }
    #expect(failures.all.isEmpty)
    #expect(clock.sleeperCount == 1)
  }
}
