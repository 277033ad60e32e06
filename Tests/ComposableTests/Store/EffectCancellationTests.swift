import Composable
import DexTesting
import Testing

/// TCA's EffectCancellationTests told through a store: effects marked with an id stop when the
/// id is cancelled, and only those.
@Suite struct EffectCancellationTests {
  struct Canceller: Reducer {
    struct State: Equatable {
      var values: [Int] = []
    }

    enum Action: Equatable, Sendable, Codable {
      case countTapped(id: Int)
      case restartTapped
      case delayedTapped(id: Int, value: Int, seconds: Int)
      case cancelTapped(id: Int)
      case doubleMarkedTapped
      case deeplyMarkedTapped
      case startedAndCancelledTapped
      case nestedMergeTapped
      case threeTapped
      case value(Int)
    }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .countTapped(id):
          return counting().cancellable(id: id)
        case .restartTapped:
          return counting().cancellable(id: 0, cancelInFlight: true)
        case let .delayedTapped(id, value, seconds):
          return delayed(value, seconds: seconds).cancellable(id: id)
        case let .cancelTapped(id):
          return .cancel(id: id)
        case .doubleMarkedTapped:
          return counting().cancellable(id: 0).cancellable(id: 0)
        case .deeplyMarkedTapped:
          var effect = Effect<Action>.run { _ in try await clock.untilCancelled() }
            .cancellable(id: 1)
          for _ in 1...1_000 { effect = effect.cancellable(id: 0) }
          return effect
        case .startedAndCancelledTapped:
          return .merge(delayed(1, seconds: 1).cancellable(id: 0), .cancel(id: 0))
        case .nestedMergeTapped:
          return Effect<Action>.merge(Effect<Action>.merge(.send(.value(1)), .send(.value(2))).cancellable(id: 1))
            .cancellable(id: 2)
        case .threeTapped:
          return .merge((1...3).map { delayed($0, seconds: 1).cancellable(id: $0) })
        case let .value(value):
          state.values.append(value)
          return .none
        }
      }
    }

    /// Sends 1, 2, 3… a second apart.
    private func counting() -> Effect<Action> {
      .run { send in
        var value = 0
        while true {
          try await clock.sleep(for: .seconds(1))
          value += 1
          await send(.value(value))
        }
      }
    }

    private func delayed(_ value: Int, seconds: Int) -> Effect<Action> {
      .run { send in
        try await clock.sleep(for: .seconds(seconds))
        await send(.value(value))
      }
    }
  }

  private func makeStore(_ clock: ManualClock) -> TestStore<Canceller.State, Canceller.Action> {
    TestStore(initialState: Canceller.State()) {
      Canceller()
    } withDependencies: {
      $0.clock = clock
    }
  }

  @Test func cancellingStopsAnEffectMidway() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.countTapped(id: 0))
    await clock.advance(by: .seconds(2))
    await store.receive(.value(1)) { $0.values = [1] }
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.send(.cancelTapped(id: 0))
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func cancellingInFlightReplacesTheRunningEffect() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.restartTapped)
    await clock.advance(by: .seconds(2))
    await store.receive(.value(1)) { $0.values = [1] }
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.send(.restartTapped)
    await clock.advance(by: .seconds(1))
    // The new effect counts from 1: the first is gone.
    await store.receive(.value(1)) { $0.values = [1, 2, 1] }
    await store.send(.cancelTapped(id: 0))
    await store.finish()
  }

  @Test func cancellingBeforeTheDelayEndsSendsNothing() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.delayedTapped(id: 0, value: 1, seconds: 2))
    await clock.advance(by: .seconds(1))
    await store.send(.cancelTapped(id: 0))
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func anEffectMarkedTwiceWithOneIDStopsOnce() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.doubleMarkedTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await store.send(.cancelTapped(id: 0))
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func cancellingAFinishedEffectChangesNothing() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.delayedTapped(id: 0, value: 1, seconds: 1))
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await store.finish()
    await store.send(.cancelTapped(id: 0))
    #expect(store.state.values == [1])
  }

  @Test func anEffectMarkedAThousandTimesStopsByAnyOfItsIDs() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.deeplyMarkedTapped)
    await store.send(.cancelTapped(id: 1))
    await store.finish()
  }

  @Test func effectsSharingAnIDBothRun() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.delayedTapped(id: 0, value: 1, seconds: 1))
    await store.send(.delayedTapped(id: 0, value: 2, seconds: 2))
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.finish()
  }

  @Test func anEffectCancelledInTheActionThatStartedItNeverAnswers() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.startedAndCancelledTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func nestedMarkedMergesSendEverything() async {
    let store = TestStore(initialState: Canceller.State()) { Canceller() }
    await store.send(.nestedMergeTapped)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.receive(.value(2)) { $0.values = [1, 2] }
  }

  @Test func cancellingTwoOfThreeIDsLeavesTheThird() async {
    let clock = ManualClock()
    let store = makeStore(clock)
    await store.send(.threeTapped)
    await store.send(.cancelTapped(id: 1))
    await store.send(.cancelTapped(id: 3))
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0.values = [2] }
    await store.finish()
  }

  @Test func manyEffectsCancelledAtRandomTimesAllEnd() async {
    enum Action: Equatable, Sendable { case storm, value(Int), cancel(id: Int) }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .storm:
          return .merge(
            (1...1_000).map { index in
              .merge(
                Effect<Action>.run { send in
                  try await Task.sleep(for: .milliseconds(Int.random(in: 1...50)))
                  await send(.value(index))
                }
                .cancellable(id: index % 10),
                .run { send in
                  try await Task.sleep(for: .milliseconds(Int.random(in: 1...50)))
                  await send(.cancel(id: index % 10))
                })
            })
        case .value:
          state += 1
          return .none
        case let .cancel(id):
          return .cancel(id: id)
        }
      }
    }
    let task = store.send(.storm)
    await task.finish()
    #expect(task.isFinished)
    #expect(store.state <= 1_000)
  }
}
