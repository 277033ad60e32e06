import Composable
import DexTesting
import Testing

/// TCA's StackReducerTests told on dex: screens pushed onto a stack run by id, pop themselves
/// or are popped by their parent, and own their effects, which end when they are popped.
@Suite struct StackForEachTests {
  /// Pushes and pops screens of one kind.
  struct Navigator: Reducer {
    struct State: Equatable {
      var path = StackState<ScreenFeature.State>()
    }

    enum Action: Equatable, Sendable, Codable {
      case path(StackActionOf<ScreenFeature>)
      case pushTapped
      case pushAndRespondTapped
      case responded
      case popTapped
      case popFirstTapped
      case popToRootTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path:
          return .none
        case .pushTapped:
          state.path.append(ScreenFeature.State())
          return .none
        case .pushAndRespondTapped:
          state.path.append(ScreenFeature.State(count: 1))
          return .send(.responded)
        case .responded:
          state.path.append(ScreenFeature.State(count: 2))
          return .none
        case .popTapped:
          state.path.removeLast()
          return .none
        case .popFirstTapped:
          if let first = state.path.ids.first { state.path[id: first] = nil }
          return .none
        case .popToRootTapped:
          state.path.removeAll()
          return .none
        }
      }
      .forEach(\.path, action: \.path) { ScreenFeature() }
    }
  }

  /// Pushes screens of two cases of an enum.
  struct EnumNavigator: Reducer {
    struct State: Equatable {
      var path = StackState<PathFeature.State>()
    }

    enum Action: Equatable, Sendable, Codable {
      case path(StackActionOf<PathFeature>)
      case pushFirstTapped
      case pushSecondTapped
      case popFirstTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path:
          return .none
        case .pushFirstTapped:
          state.path.append(.first(ScreenFeature.State()))
          return .none
        case .pushSecondTapped:
          state.path.append(.second(ScreenFeature.State()))
          return .none
        case .popFirstTapped:
          if let first = state.path.ids.first { state.path[id: first] = nil }
          return .none
        }
      }
      .forEach(\.path, action: \.path) { PathFeature() }
    }
  }

  /// A screen answering after `delay` seconds with `delay`: which screen's effect answered
  /// shows in the answer.
  struct Responder: Reducer {
    let delay: Int

    struct State: Equatable, Sendable, Codable {
      var total = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped
      case responded(Int)
    }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tapped:
          return .run { [delay] send in
            try await clock.sleep(for: .seconds(delay))
            await send(.responded(delay))
          }
        case let .responded(value):
          state.total += value
          return .none
        }
      }
    }
  }

  /// Two cases of responders, answering after one and two seconds.
  struct ResponderPath: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case fast(Responder.State)
      case slow(Responder.State)
    }

    enum Action: Equatable, Sendable, Codable {
      case fast(Responder.Action)
      case slow(Responder.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.fast, action: \.fast) { Responder(delay: 1) }
      Scope(state: \.slow, action: \.slow) { Responder(delay: 2) }
    }
  }

  struct ResponderNavigator: Reducer {
    struct State: Equatable {
      var path = StackState<ResponderPath.State>()
    }

    enum Action: Equatable, Sendable, Codable {
      case path(StackActionOf<ResponderPath>)
      case popFirstTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path:
          return .none
        case .popFirstTapped:
          if let first = state.path.ids.first { state.path[id: first] = nil }
          return .none
        }
      }
      .forEach(\.path, action: \.path) { ResponderPath() }
    }
  }

  /// A screen that dismisses itself on its own, with no stack around it.
  struct Unintegrated: Reducer {
    struct State: Equatable {
      var screen = ScreenFeature.State()
    }

    enum Action: Equatable, Sendable, Codable {
      case screen(ScreenFeature.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.screen, action: \.screen) { ScreenFeature() }
    }
  }

  // MARK: - Pushing

  /// TCA: testPresent.
  @Test func pushingAppendsAScreenWithTheFirstID() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path.append(ScreenFeature.State()) }
    #expect(store.state.path.ids == [0])
  }

  /// TCA: testPush. Pushes sent as actions and appends by the parent share one count.
  @Test func pushActionsAndAppendsShareOneCount() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.path(.push(id: 0, state: ScreenFeature.State()))) {
      $0.path[id: 0] = ScreenFeature.State()
    }
    await store.send(.pushTapped) { $0.path[id: 1] = ScreenFeature.State() }
    await store.send(.path(.push(id: 2, state: ScreenFeature.State()))) {
      $0.path[id: 2] = ScreenFeature.State()
    }
    await store.send(.pushTapped) { $0.path[id: 3] = ScreenFeature.State() }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    // Ids are never reused: the next push is 4, not 0.
    await store.send(.pushTapped) { $0.path[id: 4] = ScreenFeature.State() }
  }

  /// TCA: testPushReusedID.
  @Test func pushingAnIDTheStackHoldsWarnsAndChangesNothing() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.path(.push(id: 0, state: ScreenFeature.State()))) {
      $0.path[id: 0] = ScreenFeature.State()
    }
    await store.send(.path(.push(id: 0, state: ScreenFeature.State(count: 9))))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("received .push(id: 0) for an id it already holds (ids 0)") == true)
  }

  /// TCA: testPushIDGreaterThanNextGeneration. dex pushes the element as TCA does, and counts
  /// on without taking the skipped ids.
  @Test func pushingPastTheNextIDWarnsAndPushes() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.path(.push(id: 1, state: ScreenFeature.State()))) {
      $0.path[id: 1] = ScreenFeature.State()
    }
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("received .push(id: 1), but the next id is 0") == true)
    await store.send(.pushTapped) { $0.path[id: 0] = ScreenFeature.State() }
    await store.send(.pushTapped) { $0.path[id: 2] = ScreenFeature.State() }
  }

  /// TCA: testMismatchedIDFailure.
  @Test func anAssertedPushOfAnotherIDFails() async {
    let failures = Recorder()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.path(.push(id: 0, state: ScreenFeature.State()))) {
      $0.path[id: 1] = ScreenFeature.State()
    }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.hasPrefix("A state change after sending .path(.push(id: 0") == true)
  }

  /// TCA: testSendCopiesStackElementIDGenerator. An assertion pushes with the ids the reducer
  /// took, and ids it makes itself never advance the store's count.
  @Test func idsMadeInAnAssertionDoNotAdvanceTheStore() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushAndRespondTapped) {
      $0.path.append(ScreenFeature.State(count: 1))
      @Dependency(\.stackElementID) var stackElementID
      for _ in 1...3 { _ = stackElementID.next() }
    }
    await store.receive(.responded) {
      $0.path.append(ScreenFeature.State(count: 2))
      @Dependency(\.stackElementID) var stackElementID
      for _ in 1...3 { _ = stackElementID.next() }
    }
    await store.send(.pushAndRespondTapped) { $0.path[id: 2] = ScreenFeature.State(count: 1) }
    await store.receive(.responded) { $0.path[id: 3] = ScreenFeature.State(count: 2) }
  }

  // MARK: - Popping

  /// TCA: testDismissFromParent.
  @Test func theParentPopsAScreenAndItsEffectEnds() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path.append(ScreenFeature.State()) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.popTapped) { $0.path.removeLast() }
  }

  /// TCA: testDismissFromChild.
  @Test func aScreenDismissesItselfWithTheDismissDependency() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path.append(ScreenFeature.State()) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeLast() }
  }

  /// TCA: testDismissReceiveWrongAction. The dismissal names the screen's own id.
  @Test func aDismissalIsReceivedAsAPopFromTheScreensOwnID() async {
    let failures = Recorder()
    let store = TestStore(initialState: Navigator.State(path: StackState([ScreenFeature.State()]))) {
      Navigator()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) { $0.path = StackState() }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.hasPrefix("Received an unexpected action.") == true)
    #expect(failures.all.first?.contains("-     id: 1\n+     id: 0") == true)
  }

  /// TCA: testDismissFromIntermediateChild. The middle screen dismisses itself first: it and
  /// the screen above it go, with their timers; the bottom one is popped by the parent.
  @Test func dismissingAnIntermediateScreenPopsEverythingAboveIt() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.push(id: 0, state: ScreenFeature.State(count: 2)))) {
      $0.path[id: 0] = ScreenFeature.State(count: 2)
    }
    await store.send(.path(.element(id: 0, action: .closeAfterCountTapped)))
    await store.send(.path(.push(id: 1, state: ScreenFeature.State(count: 1)))) {
      $0.path[id: 1] = ScreenFeature.State(count: 1)
    }
    await store.send(.path(.element(id: 1, action: .closeAfterCountTapped)))
    await store.send(.path(.push(id: 2, state: ScreenFeature.State(count: 2)))) {
      $0.path[id: 2] = ScreenFeature.State(count: 2)
    }
    await store.send(.path(.element(id: 2, action: .closeAfterCountTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.removeLast(2) }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  /// TCA: testDismissFromDeepLinkedChild.
  @Test func aScreenInTheInitialStateDismissesItself() async {
    var path = StackState<ScreenFeature.State>()
    path.append(ScreenFeature.State())
    let store = TestStore(initialState: Navigator.State(path: path)) { Navigator() }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  /// TCA: testParentDismiss.
  @Test func poppingToTheRootEndsEveryScreensEffects() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushTapped) { $0.path.append(ScreenFeature.State()) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.pushTapped) { $0.path.append(ScreenFeature.State()) }
    await store.send(.path(.element(id: 1, action: .appeared)))
    await store.send(.popToRootTapped) { $0.path.removeAll() }
  }

  /// TCA: testChildEffectCancellation.
  @Test func poppingAScreenCancelsItsEffect() async {
    let store = TestStore(initialState: Navigator.State(path: StackState([ScreenFeature.State()]))) {
      Navigator()
    }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.path(.popFrom(id: 0))) { $0.path[id: 0] = nil }
  }

  /// TCA: testChildWithInFlightEffect. A screen's effect still running fails the test's end.
  @Test func aScreensRunningEffectFailsTheEndOfTheTest() async {
    let failures = Recorder()
    do {
      let store = TestStore(initialState: Navigator.State(path: StackState([ScreenFeature.State()]))) {
        Navigator()
      } reportFailure: { message, _ in
        failures.record(message)
      }
      await store.send(.path(.element(id: 0, action: .appeared)))
    }
    #expect(failures.all.count == 1)
    #expect(
      failures.all.first?.hasPrefix(
        "An effect started by sending .path(.element(id: 0, action: .appeared)) is still running")
        == true)
  }

  // MARK: - Enum screens

  /// TCA: testEnumChild.
  @Test func screensOfAnEnumPopTogetherAndTheirEffectsEnd() async {
    let store = TestStore(initialState: EnumNavigator.State()) { EnumNavigator() }
    await store.send(.pushFirstTapped) { $0.path.append(.first(ScreenFeature.State())) }
    await store.send(.path(.element(id: 0, action: .first(.appeared))))
    await store.send(.pushSecondTapped) { $0.path.append(.second(ScreenFeature.State())) }
    await store.send(.path(.element(id: 1, action: .second(.appeared))))
    await store.send(.path(.element(id: 1, action: .second(.incrementTapped)))) {
      $0.path[id: 1, case: \.second]?.count = 1
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  /// TCA: testSiblingCannotCancel. Both screens use the same cancel id; cancelling in one
  /// leaves the other's request running.
  @Test func aScreenCannotCancelItsSiblingsEffect() async {
    let clock = ManualClock()
    var path = StackState<PathFeature.State>()
    path.append(.first(ScreenFeature.State()))
    path.append(.second(ScreenFeature.State()))
    let store = TestStore(initialState: EnumNavigator.State(path: path)) {
      EnumNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .first(.requestTapped))))
    await store.send(.path(.element(id: 1, action: .second(.requestTapped))))
    await store.send(.path(.element(id: 0, action: .first(.cancelTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .second(.responded(42))))) {
      $0.path[id: 1, case: \.second]?.count = 42
    }

    await store.send(.path(.element(id: 0, action: .first(.requestTapped))))
    await store.send(.path(.element(id: 1, action: .second(.requestTapped))))
    await store.send(.path(.element(id: 1, action: .second(.cancelTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .first(.responded(42))))) {
      $0.path[id: 0, case: \.first]?.count = 42
    }
  }

  /// TCA: testFirstChildWhileEffectInFlight_DeliversToCorrectID.
  @Test func anEffectAnswersItsOwnScreenAfterAnEarlierOneIsPopped() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: ResponderNavigator.State(
        path: StackState([.fast(Responder.State()), .slow(Responder.State())]))
    ) {
      ResponderNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .fast(.tapped))))
    await store.send(.path(.element(id: 1, action: .slow(.tapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .fast(.responded(1))))) {
      $0.path[id: 0, case: \.fast]?.total = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .slow(.responded(2))))) {
      $0.path[id: 1, case: \.slow]?.total = 2
    }

    await store.send(.path(.element(id: 0, action: .fast(.tapped))))
    await store.send(.path(.element(id: 1, action: .slow(.tapped))))
    await store.send(.popFirstTapped) { $0.path[id: 0] = nil }
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .slow(.responded(2))))) {
      $0.path[id: 1, case: \.slow]?.total = 4
    }
    await store.send(.popFirstTapped) { $0.path[id: 1] = nil }
  }

  /// TCA: testMultipleChildEffects.
  @Test func eachScreensEffectAnswersItself() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Navigator.State(
        path: StackState([ScreenFeature.State(count: 1), ScreenFeature.State(count: 2)]))
    ) {
      Navigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .requestTapped)))
    await store.send(.path(.element(id: 1, action: .requestTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .responded(42)))) { $0.path[id: 0]?.count = 42 }
    await store.receive(.path(.element(id: 1, action: .responded(42)))) { $0.path[id: 1]?.count = 42 }
  }

  // MARK: - Warnings

  /// TCA: testSendActionWithIDThatDoesNotExist.
  @Test func anActionForAMissingScreenWarnsAndChangesNothing() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Navigator.State(path: StackState([ScreenFeature.State()]))) {
      Navigator()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.path(.element(id: 999, action: .incrementTapped)))
    #expect(warnings.all.count == 1)
    let warning = warnings.all.first ?? ""
    #expect(warning.hasPrefix("The stack's forEach at ComposableTests/StackForEachTests.swift:"))
    #expect(warning.contains("for a missing element (id: 999; the stack holds ids 0). Nothing changed."))
  }

  /// TCA: testPopIDThatDoesNotExist.
  @Test func poppingAMissingScreenWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Navigator.State(path: StackState([ScreenFeature.State()]))) {
      Navigator()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.path(.popFrom(id: 999)))
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.contains(
        "received .popFrom(id: 999) for a missing element (the stack holds ids 0). Nothing was popped.")
        == true)
  }

  /// A screen dismissing itself in a parent that runs it without a stack's `forEach` (or
  /// `ifLet`) is reported: the parent forgot to integrate it. A plain store, because in a
  /// TestStore, as in TCA's, `dismiss` outside a presentation dismisses the test store itself.
  @Test func aScreenDismissingOutsideAStackReportsTheMissingIntegration() async {
    let failures = Recorder()
    let store = Store(initialState: Unintegrated.State(), reducer: Unintegrated())
    await IssueReporting.$reporter.withValue({ message, _, _ in failures.record(message) }) {
      await store.send(.screen(.closeTapped)).finish()
    }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.contains("not presented") == true)
    #expect(failures.all.first?.contains("forEach") == true)
  }
}
