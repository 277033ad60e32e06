import DexTesting
import Composable
import Testing

/// TCA's TestStoreNonExhaustiveTests: what a test store checks, skips and reports when it is
/// told not to check everything. Skipped assertions (`showSkippedAssertions: true`) are
/// captured here instead of being recorded as known issues.
@Suite(.isolatedSharedState) struct TestStoreNonExhaustiveTests {
  /// Failures and skipped-assertion notes of one store.
  final class Reports: Sendable {
    let failures = Recorder()
    let skipped = Recorder()

    func store<R: Reducer>(
      _ initialState: R.State, _ reducer: R,
      exhaustivity: TestStore<R.State, R.Action>.Exhaustivity = .on
    ) -> TestStore<R.State, R.Action> where R.State: Equatable & Sendable, R.Action: Sendable {
      let store = TestStore(
        initialState: initialState, reducer: { reducer },
        reportFailure: { message, _ in self.failures.record(message) },
        reportSkippedAssertion: { message, _ in self.skipped.record(message) })
      store.exhaustivity = exhaustivity
      return store
    }
  }

  /// `true` adds one and sends `false`, which adds one.
  static func chaining() -> Reduce<Int, Bool> {
    Reduce { state, action in
      state += 1
      return action ? .send(false) : .none
    }
  }

  /// Sleeps a second on `clock` after every action (TCA's sleeps on the real clock; a manual
  /// one that never advances keeps the effect running however slow the machine).
  static func sleeping(on clock: ManualClock) -> Reduce<Int, Bool> {
    Reduce { _, _ in .run { _ in try await clock.sleep(for: .seconds(1)) } }
  }

  /// TCA's testSkipReceivedActions_NonStrict, _NonExhaustive and _PartialExhaustive: the
  /// received action is not in `state` until it is skipped.
  @Test(arguments: [
    TestStore<Int, Bool>.Exhaustivity.on, .off, .off(showSkippedAssertions: true),
  ])
  func skippingReceivedActionsMovesTheStatePastThem(
    exhaustivity: TestStore<Int, Bool>.Exhaustivity
  ) async {
    let reports = Reports()
    let store = reports.store(0, Self.chaining(), exhaustivity: exhaustivity)
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
    #expect(reports.failures.all.isEmpty)
    #expect(
      reports.skipped.all
        == (exhaustivity == .off(showSkippedAssertions: true)
          ? ["Skipped 1 received action: false."] : []))
  }

  /// TCA's testSkipReceivedActions_Strict.
  @Test func skippingReceivedActionsStrictlyWhenThereAreNoneFails() async {
    let reports = Reports()
    let store = reports.store(0, Self.chaining())
    await store.send(true) { $0 = 1 }
    await store.receive(false) { $0 = 2 }
    #expect(store.state == 2)
    await store.skipReceivedActions(strict: true)
    #expect(reports.failures.all == ["There were no received actions to skip."])
  }

  /// TCA's testCancelInFlightEffects_NonStrict, _NonExhaustive and _PartialExhaustive.
  @Test(arguments: [
    TestStore<Int, Bool>.Exhaustivity.on, .off, .off(showSkippedAssertions: true),
  ])
  func skippingInFlightEffectsEndsTheTestQuietly(
    exhaustivity: TestStore<Int, Bool>.Exhaustivity
  ) async {
    let reports = Reports()
    do {
      let store = reports.store(0, Self.sleeping(on: ManualClock()), exhaustivity: exhaustivity)
      await store.send(true)
      await store.skipInFlightEffects(strict: false)
    }
    #expect(reports.failures.all.isEmpty)
    #expect(
      reports.skipped.all
        == (exhaustivity == .off(showSkippedAssertions: true)
          ? ["Skipped 1 in-flight effect, started by sending true."] : []))
  }

  /// TCA's testCancelInFlightEffects_Strict.
  @Test func skippingInFlightEffectsStrictlyWhenNoneRunsFails() async {
    let reports = Reports()
    let store = reports.store(0, Reduce<Int, Bool> { _, _ in .run { _ in } })
    await store.send(true).finish()
    await store.skipInFlightEffects(strict: true)
    #expect(reports.failures.all == ["There were no in-flight effects to skip."])
  }

  /// TCA's testIgnoreReceiveActions_* and testIgnoreInFlightEffects_*: a non-exhaustive test
  /// may end with actions unreceived and effects running; showing skipped assertions notes them.
  @Test(arguments: [false, true])
  func aNonExhaustiveTestMayEndWithActionsAndEffectsLeft(showSkippedAssertions: Bool) async {
    let reports = Reports()
    do {
      let clock = ManualClock()
      let leaving = Reduce<Int, Bool> { _, action in
        action ? .send(false) : .run { _ in try await clock.sleep(for: .seconds(1)) }
      }
      let store = reports.store(
        0, leaving, exhaustivity: .off(showSkippedAssertions: showSkippedAssertions))
      await store.send(true)
    }
    #expect(reports.failures.all.isEmpty)
    #expect(
      reports.skipped.all
        == (showSkippedAssertions
          ? [
            "Skipped 1 received action: false.",
            "Skipped 1 in-flight effect, started by sending true.",
          ] : []))
  }

  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isEven = true
    }
    enum Action: Equatable, Sendable, Codable { case increment, decrement }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += action == .increment ? 1 : -1
      state.isEven.toggle()
      return .none
    }
  }

  /// TCA's testNonExhaustiveSend_PartialExhaustive: each step asserts part of the change; the
  /// parts left out are noted.
  @Test func aNonExhaustiveSendAssertsOnlyWhatItSetsAndNotesTheRest() async {
    let reports = Reports()
    let store = reports.store(
      Counter.State(), Counter(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.isEven = true }
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
    #expect(reports.failures.all.isEmpty)
    #expect(
      reports.skipped.all == [
        """
        Skipped asserting a state change after sending .increment:
        (Expected: −, Actual: +)
          TestStoreNonExhaustiveTests.Counter.State(
            … (1 unchanged)
        -   isEven: true
        +   isEven: false
          )
        """,
        """
        Skipped asserting a state change after sending .increment:
        (Expected: −, Actual: +)
          TestStoreNonExhaustiveTests.Counter.State(
        -   count: 1
        +   count: 2
            … (1 unchanged)
          )
        """,
      ])
  }

  /// TCA's testNonExhaustiveSend_NonExhaustive: without showing skipped assertions nothing is
  /// noted.
  @Test func aNonExhaustiveSendNotesNothingUnlessAsked() async {
    let reports = Reports()
    let store = reports.store(Counter.State(), Counter(), exhaustivity: .off)
    await store.send(.increment) { $0.count = 1 }
    #expect(reports.failures.all.isEmpty)
    #expect(reports.skipped.all.isEmpty)
  }

  /// TCA's testNonExhaustiveSend_PartialExhaustive_BadAssertion: what a step does set must hold.
  @Test func aWrongNonExhaustiveAssertionStillFails() async {
    let reports = Reports()
    let store = reports.store(
      Counter.State(), Counter(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.increment) { $0.count = 0 }
    #expect(
      reports.failures.all == [
        """
        A state change after sending .increment does not match the expectation:
        (Expected: −, Actual: +)
          TestStoreNonExhaustiveTests.Counter.State(
        -   count: 0
        +   count: 1
            … (1 unchanged)
          )
        """
      ])
  }

  struct LoggingIn: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action: Equatable, Sendable, Codable {
      case decrement
      case increment
      case loggedInResponse(Bool)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .decrement:
        state.count -= 1
        return .none
      case .increment:
        state.count += 1
        return .send(.loggedInResponse(true))
      case let .loggedInResponse(response):
        state.isLoggedIn = response
        return .none
      }
    }
  }

  /// TCA's testSend_SkipReceivedActions: a send skips the received actions not asserted, and
  /// its assertion starts after them.
  @Test func aSendSkipsTheReceivedActionsNotAsserted() async {
    let reports = Reports()
    let store = reports.store(
      LoggingIn.State(), LoggingIn(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.increment) { $0.count = 1 }
    await store.send(.decrement) { $0.count = 0 }
    #expect(store.state == LoggingIn.State(count: 0, isLoggedIn: true))
    #expect(reports.failures.all.isEmpty)
    #expect(reports.skipped.all == ["Skipped 1 received action: .loggedInResponse(true)."])
  }

  /// TCA's testSend_SkipReceivedActions_BadAssertion.
  @Test func aWrongAssertionOfAReceivedActionStillFails() async {
    let reports = Reports()
    let store = reports.store(
      LoggingIn.State(), LoggingIn(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.loggedInResponse(true)) {
      $0.count = 2
      $0.isLoggedIn = true
    }
    #expect(
      reports.failures.all == [
        """
        A state change after receiving .loggedInResponse(true) does not match the expectation:
        (Expected: −, Actual: +)
          TestStoreNonExhaustiveTests.LoggingIn.State(
        -   count: 2
        +   count: 1
            … (1 unchanged)
          )
        """
      ])
  }

  /// TCA's testMultipleSendsWithAssertionOnLast.
  @Test func stepsMayAssertNothingUntilTheLast() async {
    let reports = Reports()
    let store = reports.store(
      Counter.State(), Counter(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 2, isEven: true))
    await store.send(.increment) { $0.count = 3 }
    #expect(store.state == Counter.State(count: 3, isEven: false))
    #expect(reports.failures.all.isEmpty)
  }

  /// Appearing resets the state and sends two responses.
  struct Receiving: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var int = 0
      var string = ""
    }
    enum Action: Equatable, Sendable, Codable {
      case onAppear
      case response1(Int)
      case response2(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        state = State()
        return .merge(.send(.response1(42)), .send(.response2("Hello")))
      case let .response1(int):
        state.count += 1
        state.int = int
        return .none
      case let .response2(string):
        state.count += 1
        state.string = string
        return .none
      }
    }
  }

  /// TCA's testReceive_StateChange: right after the send, `state` holds neither response;
  /// each receive adds its own.
  @Test func receivedActionsEnterTheStateAsTheyAreReceived() async {
    let reports = Reports()
    let store = reports.store(
      Receiving.State(), Receiving(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.onAppear)
    #expect(store.state == Receiving.State(count: 0, int: 0, string: ""))
    await store.receive(.response1(42)) { $0.int = 42 }
    #expect(store.state == Receiving.State(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) { $0.string = "Hello" }
    #expect(store.state == Receiving.State(count: 2, int: 42, string: "Hello"))
    #expect(reports.failures.all.isEmpty)
  }

  /// TCA's testReceive_SkipAction: receiving the second response skips the first.
  @Test func receivingALaterActionSkipsTheOnesBefore() async {
    let reports = Reports()
    let store = reports.store(
      Receiving.State(), Receiving(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.onAppear)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == Receiving.State(count: 2, int: 42, string: "Hello"))
    #expect(reports.failures.all.isEmpty)
    #expect(reports.skipped.all == ["Skipped 1 received action: .response1(42)."])
  }

  /// TCA's testSendWithUnreceivedAction.
  @Test func aSendMayFollowUnreceivedActions() async {
    let reports = Reports()
    let store = reports.store(
      Receiving.State(), Receiving(), exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.onAppear)
    await store.send(.onAppear)
    #expect(reports.failures.all.isEmpty)
    #expect(reports.skipped.all.first == "Skipped 2 received actions: .response1(42), .response2(\"Hello\").")
  }

  /// TCA's testSendWithUnreceivedActions_SkipsActions: the state after each step is 1, then
  /// 44 (the skipped response 43, then the tap), then 86 once the second response is skipped.
  @Test func aSendSkipsWhatEffectsDeliveredAndSkippingWaitsForTheirActions() async {
    enum Step: Equatable, Sendable { case tap, response(Int) }
    let reports = Reports()
    let responding = Reduce<Int, Step> { state, action in
      switch action {
      case .tap:
        state += 1
        return .run { [state] send in await send(.response(state + 42)) }
      case let .response(number):
        state = number
        return .none
      }
    }
    let store = reports.store(0, responding, exhaustivity: .off)
    await store.send(.tap)
    #expect(store.state == 1)
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
    #expect(reports.failures.all.isEmpty)
  }

  /// TCA's testPartialExhaustivityPrefix (on a manual clock for TCA's test scheduler).
  @Test func skippingAfterTheClockAdvancesSkipsEverythingDelivered() async {
    enum Step: Equatable, Sendable { case buttonTapped, response(Int) }
    let reports = Reports()
    let clock = ManualClock()
    let responding = Reduce<Int, Step> { state, action in
      switch action {
      case .buttonTapped:
        state += 1
        return .run { send in
          await send(.response(42))
          try await clock.sleep(for: .seconds(1))
          await send(.response(1729))
        }
      case let .response(number):
        state = number
        return .none
      }
    }
    let store = reports.store(0, responding, exhaustivity: .off(showSkippedAssertions: true))
    await store.send(.buttonTapped)
    await clock.advance(by: .milliseconds(500))
    await store.send(.buttonTapped) { $0 = 43 }
    await clock.advance(by: .milliseconds(500))
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
    #expect(store.state == 1729)
    #expect(reports.failures.all.isEmpty)
  }

  /// TCA's testNonExhaustive_ShowSkippedAssertions_ExpectedStateToChange: an assertion that
  /// changes nothing is not a failure when not exhaustive.
  @Test func anAssertionOfNoChangeIsFineWhenNotExhaustive() async {
    let reports = Reports()
    let store = reports.store(
      0, Reduce<Int, Bool> { _, _ in .none }, exhaustivity: .off(showSkippedAssertions: true))
    await store.send(true) { $0 = 0 }
    store.assert { $0 = 0 }
    #expect(reports.failures.all.isEmpty)
    #expect(reports.skipped.all.isEmpty)
  }

  /// The identity, age and mood of Krzysztof Zabłocki's example.
  struct Profile: Reducer {
    struct State: Equatable, Sendable {
      var name = "Krzysztof"
      var surname = "Zabłocki"
      var age = 33
      var mood = 0
    }
    enum Action: Equatable, Sendable, Codable {
      case changeIdentity(name: String, surname: String)
      case changeAge(Int)
      case changeMood(Int)
      case advanceAgeAndMoodAfterDelay
    }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .changeIdentity(name, surname):
        state.name = name
        state.surname = surname
        return .none
      case .advanceAgeAndMoodAfterDelay:
        return .run { [state] send in
          try await clock.sleep(for: .seconds(1))
          async let changeAge: () = send(.changeAge(state.age + 1))
          async let changeMood: () = send(.changeMood(state.mood + 1))
          _ = await (changeAge, changeMood)
        }
      case let .changeAge(age):
        state.age = age
        return .none
      case let .changeMood(mood):
        state.mood = mood
        return .none
      }
    }
  }

  /// TCA's testKrzysztofExample1 and 2: only the asserted fields are checked.
  @Test func onlyTheAssertedFieldsAreChecked() async {
    let reports = Reports()
    let store = reports.store(Profile.State(), Profile(), exhaustivity: .off)
    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) { $0.name = "Marek" }
    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Piotr", surname: "Galiszewski"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
    #expect(reports.failures.all.isEmpty)
  }

  /// TCA's testKrzysztofExample3: one of two actions sent at once is asserted.
  @Test func oneOfTwoActionsSentTogetherIsAsserted() async {
    let reports = Reports()
    let clock = ManualClock()
    let store = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.clock = clock
    } reportFailure: { message, _ in
      reports.failures.record(message)
    }
    store.exhaustivity = .off
    await store.send(.advanceAgeAndMoodAfterDelay)
    await clock.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) { $0.age = 34 }
    #expect(store.state.age == 34)
    #expect(reports.failures.all.isEmpty)
  }
}
