import DexTesting
import Composable
import Foundation
import Testing

/// TestStore must catch what a test forgot: these tests capture its failures instead of failing.
@Suite(.isolatedSharedState) struct TestStoreTests {
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
    await store.skipReceivedActions()
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
    // The debounce sleeps on the real clock: a slow machine may have ended it already.
    await store.skipInFlightEffects(strict: false)
    #expect(failures.all.filter { !$0.contains("@Dependency(\\.clock)") }.isEmpty)
  }

  /// A ticker on `clock` whose failures go to `failures`.
  static func ticker(
    on clock: ManualClock, failures: Recorder
  ) -> TestStore<TickerFeature.State, TickerFeature.Action> {
    TestStore(initialState: TickerFeature.State()) {
      TickerFeature()
    } withDependencies: {
      $0.clock = clock
    } reportFailure: { message, _ in
      failures.record(message)
    }
  }

  @Test func skippedEffectsKeepRunningAndTheirActionsStillArrive() async {
    let failures = Recorder()
    let clock = ManualClock()
    do {
      let store = Self.ticker(on: clock, failures: failures)
      await store.send(.startTapped)
      await store.skipInFlightEffects()
      await clock.advance(by: .seconds(1))
      await store.receive(.ticked) { $0.ticks = 1 }
      await store.finish()
    }
    #expect(failures.all.isEmpty)
    #expect(clock.sleeperCount == 1)
  }

  // MARK: - Scenarios of TCA's TestStoreTests

  /// One action that sends three more, each adding one.
  struct Fanning: Reducer {
    enum Action: Equatable, Sendable, Codable { case a, b, c, d }

    var body: some Reducer<Int, Action> {
      Reduce { count, action in
        count += 1
        return action == .a ? .merge(.send(.b), .send(.c), .send(.d)) : .none
      }
    }
  }

  /// TCA's testStateAccess: `store.state` is the state up to the last asserted step (the
  /// received actions already processed are not in it), and the state before the step inside
  /// its assertion.
  @Test func stateIsTheStateUpToTheLastAssertedStep() async {
    let store = TestStore(initialState: 0) { Fanning() }
    await store.send(.a) {
      #expect(store.state == 0)
      $0 = 1
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      #expect(store.state == 1)
      $0 = 2
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      #expect(store.state == 2)
      $0 = 3
    }
    #expect(store.state == 3)
    await store.receive(.d) {
      #expect(store.state == 3)
      $0 = 4
    }
    #expect(store.state == 4)
  }

  /// Reads the date, a UUID and the clock on every action (TCA's reads calendar, locale,
  /// time zone and URL session, which dex has not).
  struct ReadingDependencies: Reducer {
    enum Action: Equatable, Sendable, Codable { case tapped(Bool) }

    @Dependency(\.date) var date
    @Dependency(\.uuid) var uuid
    @Dependency(\.clock) var clock

    var body: some Reducer<Int, Action> {
      Reduce { state, action in
        _ = date.now
        _ = uuid()
        _ = clock
        guard case let .tapped(up) = action else { return .none }
        state += up ? 1 : -1
        return .none
      }
    }
  }

  /// TCA's testOverrideDependenciesDirectlyOnReducer: dependencies overridden with
  /// `.dependency(_:_:)` are not reported as missing a test value.
  @Test func dependenciesOverriddenOnTheReducerReportNothing() async {
    let failures = Recorder()
    let store = TestStore(initialState: 0) {
      ReadingDependencies()
        .dependency(\.date, .constant(Date(timeIntervalSince1970: 0)))
        .dependency(\.uuid, .incrementing)
        .dependency(\.clock, ImmediateClock())
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.tapped(true)) { $0 = 1 }
    await store.send(.tapped(false)) { $0 = 0 }
    #expect(failures.all.isEmpty)
  }

  /// TCA's testOverrideDependenciesOnTestStore: dependencies set on the store before the first
  /// step are the ones the reducer uses.
  @Test func dependenciesSetOnTheStoreApplyToTheActionsSentAfter() async {
    let failures = Recorder()
    let store = TestStore(initialState: 0) {
      ReadingDependencies()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 0))
    store.dependencies.uuid = .incrementing
    store.dependencies.clock = ImmediateClock()
    await store.send(.tapped(true)) { $0 = 1 }
    #expect(failures.all.isEmpty)
  }

  /// The seconds since 1970 of the date dependency, on every action.
  struct Stamping: Reducer {
    enum Action: Equatable, Sendable, Codable { case stamp }

    @Dependency(\.date) var date

    var body: some Reducer<Int, Action> {
      Reduce { state, _ in
        state = Int(date.now.timeIntervalSince1970)
        return .none
      }
    }
  }

  /// TCA's testOverrideDependenciesOnTestStore_MidwayChange: a dependency changed between two
  /// steps applies from the next one (dex's date generator is replaced whole: it has no
  /// settable `now`).
  @Test func aDependencyChangedBetweenStepsAppliesToTheNextAction() async {
    let store = TestStore(initialState: 0) {
      Stamping()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }
    await store.send(.stamp) { $0 = 1_234_567_890 }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 987_654_321))
    await store.send(.stamp) { $0 = 987_654_321 }
  }

  /// A client with a live value only: a test that reaches it without overriding it fails.
  struct NumberClient: Sendable {
    var fetch: @Sendable () -> Int
  }

  enum NumberClientKey: DependencyKey {
    static var liveValue: NumberClient { NumberClient { 42 } }
  }

  struct Fetching: Reducer {
    enum Action: Equatable, Sendable, Codable { case fetchTapped }

    @Dependency(\.numberClient) var client

    var body: some Reducer<Int, Action> {
      Reduce { state, _ in
        state = client.fetch()
        return .none
      }
    }
  }

  /// TCA's testOverrideDependenciesOnTestStore_Init: setting one member of a dependency in
  /// `withDependencies` reads the dependency first, which is not a use of its default.
  @Test func settingAMemberOfADependencyReportsNothing() async {
    let failures = Recorder()
    let store = TestStore(initialState: 0) {
      Fetching()
    } withDependencies: {
      $0.numberClient.fetch = { 1 }
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.fetchTapped) { $0 = 1 }
    store.dependencies.numberClient.fetch = { 2 }
    await store.send(.fetchTapped) { $0 = 2 }
    #expect(failures.all.isEmpty)
  }

  /// A state whose initial date comes from the date dependency.
  struct EarlyBinding: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var date: Date
      init() {
        @Dependency(\.date.now) var now: Date
        date = now
      }
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped
      case responded(Int)
    }

    @Dependency(\.date.now) var now: Date

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tapped:
          state.count += 1
          return .run { send in await send(.responded(42)) }
        case let .responded(number):
          state.count = number
          state.date = now
          return .none
        }
      }
    }
  }

  /// TCA's testDependenciesEarlyBinding: the initial state and the assertion closures are
  /// evaluated with the store's dependencies.
  @Test func theInitialStateAndAssertionsSeeTheStoresDependencies() async {
    let store = TestStore(initialState: EarlyBinding.State()) {
      EarlyBinding()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }
    #expect(store.state.date == Date(timeIntervalSince1970: 1_234_567_890))
    await store.send(.tapped) {
      @Dependency(\.date.now) var now: Date
      $0.count = 1
      $0.date = now
    }
    await store.receive(.responded(42)) {
      @Dependency(\.date.now) var now: Date
      $0.count = 42
      $0.date = now
    }
  }

  /// TCA's testPrepareDependenciesCalledOnce.
  @Test func theDependenciesArePreparedOnce() {
    let preparations = Recorder()
    let store = TestStore(initialState: 0) {
      Stamping()
    } withDependencies: { _ in
      preparations.record("prepared")
    }
    #expect(preparations.all.count == 1)
    _ = store
  }

  /// TCA's testDismissCancelsEffects: a root feature that dismisses itself ends its effects
  /// (here a timer) without a failure.
  @Test func aRootFeatureDismissingItselfEndsItsEffectsSilently() async {
    let failures = Recorder()
    let clock = ManualClock()
    do {
      let store = Self.ticker(on: clock, failures: failures)
      await store.send(.startTapped)
      await store.send(.closeTapped)
    }
    #expect(failures.all.isEmpty)
    #expect(clock.sleeperCount == 0)
  }

  /// TCA's testDismissedStoreSend: an action sent after the dismissal fails.
  @Test func sendingToADismissedStoreFails() async {
    let failures = Recorder()
    let store = Self.ticker(on: ManualClock(), failures: failures)
    await store.send(.closeTapped)
    await store.send(.renumbered(3))
    #expect(failures.all == ["Can't send action to dismissed test store."])
    #expect(store.state.id == 0)
  }

  /// `.noop` sends `.finished`.
  static func finishing(_ failures: Recorder) -> TestStore<Int, Step> {
    TestStore(initialState: 0) {
      Reduce<Int, Step> { _, action in action == .noop ? .send(.finished) : .none }
    } reportFailure: { message, _ in
      failures.record(message)
    }
  }

  enum Step: Equatable, Sendable { case noop, finished }

  /// TCA's testReceiveActionMatchingPredicate: the predicate is asked, and an action it refuses
  /// fails as an unexpected action.
  @Test func receivingByPredicate() async {
    let failures = Recorder()
    let asked = Recorder()
    let store = Self.finishing(failures)
    await store.send(.noop)
    await store.receive { action in
      asked.record("\(action)")
      return action == .finished
    }
    #expect(asked.all == ["finished"])
    #expect(failures.all.isEmpty)

    await store.send(.noop)
    await store.receive(.noop)
    await store.send(.noop)
    await store.receive { $0 == .noop }
    #expect(
      failures.all == [
        """
        Received an unexpected action. Assert the action that was received instead:
        (Expected: −, Actual: +)
        - .noop
        + .finished
        """,
        """
        Received an unexpected action. Assert the action that was received instead:
        Expected: an action matching the predicate
        Received: .finished
        """,
      ])
  }

  /// TCA's testAssert_NonExhaustiveTestStore: `assert` checks the state between steps.
  @Test func assertChecksTheStateBetweenSteps() {
    let failures = Recorder()
    let store = Self.finishing(failures)
    store.exhaustivity = .off
    store.assert { $0 = 0 }
    #expect(failures.all.isEmpty)
  }

  /// TCA's testAssert_NonExhaustiveTestStore_Failure.
  @Test func aWrongAssertFailsWithTheDiff() {
    let failures = Recorder()
    let store = Self.finishing(failures)
    store.exhaustivity = .off
    store.assert { $0 = 1 }
    #expect(
      failures.all == [
        """
        The state does not match the expectation:
        (Expected: −, Actual: +)
        - 1
        + 0
        """
      ])
  }
}

extension DependencyValues {
  fileprivate var numberClient: TestStoreTests.NumberClient {
    get { self[TestStoreTests.NumberClientKey.self] }
    set { self[TestStoreTests.NumberClientKey.self] = newValue }
  }
}
