import Composable
import DexTesting
import Testing

/// TCA's IfCaseLetReducerTests told on dex: a child runs on one case of an enum state, warns
/// about its actions in another case, and owns its effects: leaving the case, or another child
/// in the same case, ends them.
@Suite struct IfCaseLetTests {
  /// A state that succeeded with a number or failed with a reason; the number's child corrects
  /// itself back to zero from an effect when it goes negative.
  struct Outcome: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case success(Int)
      case failure(String)
    }

    enum Action: Equatable, Sendable, Codable {
      case success(Int)
      case failure(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .ifCaseLet(\.success, action: \.success) {
          Reduce { state, action in
            state = action
            return state < 0 ? .run { send in await send(0) } : .none
          }
        }
    }
  }

  /// A child with a timer that ticks every second.
  struct Timer: Reducer {
    struct State: Equatable, Sendable, Codable {
      var count = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case timerTapped
      case ticked
    }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .timerTapped:
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.ticked)
            }
          }
        case .ticked:
          state.count += 1
          return .none
        }
      }
    }
  }

  /// Two cases, each running a timer of its own; buttons switch between them.
  struct Siblings: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case first(Timer.State)
      case second(Timer.State)
    }

    enum Action: Equatable, Sendable, Codable {
      case first(Timer.Action)
      case firstTapped
      case second(Timer.Action)
      case secondTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .first, .second:
          return .none
        case .firstTapped:
          state = .first(Timer.State())
          return .none
        case .secondTapped:
          state = .second(Timer.State())
          return .none
        }
      }
      .ifCaseLet(\.first, action: \.first) { Timer() }
      .ifCaseLet(\.second, action: \.second) { Timer() }
    }
  }

  /// A child with an id whose request answers with that id after a second.
  struct Request: Reducer {
    struct State: Equatable, Identifiable, Sendable, Codable {
      let id: Int
      var value = 0
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
          return .run { [id = state.id] send in
            try await clock.sleep(for: .seconds(1))
            await send(.responded(id))
          }
        case let .responded(value):
          state.value = value
          return .none
        }
      }
    }
  }

  /// One case holding an identified child, which a button replaces with the next id.
  struct Renewing: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case child(Request.State)
    }

    enum Action: Equatable, Sendable, Codable {
      case child(Request.Action)
      case newChildTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .newChildTapped:
          guard case let .child(child) = state else { return .none }
          state = .child(Request.State(id: child.id + 1))
          return .none
        }
      }
      .ifCaseLet(\.child, action: \.child) { Request() }
    }
  }

  /// Siblings held in a stored property, with a reducer after them that switches the case
  /// itself: the `ifCaseLet` does not see the change, the store does.
  struct Holder: Reducer {
    struct State: Equatable, Sendable {
      var siblings = Siblings.State.first(Timer.State())
    }

    enum Action: Equatable, Sendable, Codable {
      case siblings(Siblings.Action)
      case switchTapped
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.siblings, action: \.siblings) { Siblings() }
      Reduce { state, action in
        guard case .switchTapped = action else { return .none }
        state.siblings = .second(Timer.State())
        return .none
      }
    }
  }

  @Test func aChildRunsInItsCaseAndItsEffectAnswers() async {
    let store = TestStore(initialState: Outcome.State.success(0)) { Outcome() }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure("no"))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
  }

  @Test func aChildActionWhileTheStateIsInAnotherCaseWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Outcome.State.failure("no")) {
      Outcome()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.success(1))
    #expect(
      warnings.all == [
        """
        IfCaseLetTests.Outcome.Action received 1 while IfCaseLetTests.Outcome.State is in \
        another case than .success. Nothing changed. Send a case's actions only while the state \
        is in that case, and cancel its effects before the state leaves it.
        """
      ])
  }

  @Test func leavingTheCaseCancelsTheChildsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Siblings.State.first(Timer.State())) {
      Siblings()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.first(.timerTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.ticked)) { $0[case: \.first]?.count = 1 }
    await store.send(.secondTapped) { $0 = .second(Timer.State()) }
    // The first case's timer ended with it: nothing is left running, nothing more arrives.
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aNewChildInTheSameCaseCancelsTheOldChildsRequest() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Renewing.State.child(Request.State(id: 1))) {
      Renewing()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.child(.tapped))
    await store.send(.newChildTapped) { $0 = .child(Request.State(id: 2)) }
    await store.send(.child(.tapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.responded(2))) { $0 = .child(Request.State(id: 2, value: 2)) }
    await store.finish()
  }

  @Test func anotherReducerLeavingTheCaseCancelsTheChildsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Holder.State()) {
      Holder()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.siblings(.first(.timerTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.siblings(.first(.ticked))) {
      $0.siblings[case: \.first]?.count = 1
    }
    await store.send(.switchTapped) { $0.siblings = .second(Timer.State()) }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func theTreeNamesTheCaseAndTheChild() {
    var lines: [String] = []
    ReducerTree.of(Siblings()).walk { tree, above in
      lines.append(String(repeating: " ", count: above.count) + tree.node.label)
    }
    // Each modifier holds its child's reducers; the reducer it wraps is its parent's.
    #expect(
      lines == [
        "IfCaseLetTests.Siblings",
        " ifCaseLet(second)", "  IfCaseLetTests.Timer", "   Reduce",
        " ifCaseLet(first)", "  IfCaseLetTests.Timer", "   Reduce",
        " Reduce",
      ])
  }
}
