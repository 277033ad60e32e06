import DexTesting
import Foundation
@testable import Composable
import Testing

@Suite struct EffectTests {
  /// Effects that record values: TCA's EffectTests told through a store.
  struct Values: Reducer {
    struct State: Equatable {
      var values: [Int] = []
      var seconds: Double?
    }

    enum Action: Equatable, Sendable, Codable {
      case concatenateTapped
      case concatenateOneTapped
      case mergeTapped
      case doubleCancelInFlightTapped
      case mappedSendTapped
      case mappedRunTapped
      case placeholder
      case value(Int)
      case dated(seconds: Double)
    }

    @Dependency(\.clock) var clock
    @Dependency(\.date) var date

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .concatenateTapped:
          return .concatenate((1...3).map { delayed($0, seconds: $0) })
        case .concatenateOneTapped:
          return .concatenate(delayed(1, seconds: 1))
        case .mergeTapped:
          return .merge((1...3).map { delayed($0, seconds: $0) })
        case .doubleCancelInFlightTapped:
          return Effect.send(.value(42))
            .cancellable(id: "id", cancelInFlight: true)
            .cancellable(id: "id", cancelInFlight: true)
        case .mappedSendTapped:
          return withDependencies {
            $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
          } operation: {
            Effect<Action>.send(.placeholder).map { _ in .dated(seconds: date.now.timeIntervalSince1970) }
          }
        case .mappedRunTapped:
          return withDependencies {
            $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
          } operation: {
            Effect<Action>.run { send in await send(.placeholder) }
              .map { _ in .dated(seconds: date.now.timeIntervalSince1970) }
          }
        case .placeholder:
          return .none
        case let .value(value):
          state.values.append(value)
          return .none
        case let .dated(seconds):
          state.seconds = seconds
          return .none
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

  @Test func concatenatedRunsStartEachAfterThePreviousEnded() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Values.State()) {
      Values()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.concatenateTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await clock.advance(by: .seconds(2))
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await clock.advance(by: .seconds(3))
    await store.receive(.value(3)) { $0.values = [1, 2, 3] }
    await store.finish()
  }

  @Test func aConcatenationOfOneEffectRunsIt() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Values.State()) {
      Values()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.concatenateOneTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await store.finish()
  }

  @Test func mergedRunsRunAtTheSameTime() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Values.State()) {
      Values()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.mergeTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(3)) { $0.values = [1, 2, 3] }
    await store.finish()
  }

  @Test func cancellingInFlightTwiceStillSendsOnce() async {
    let store = TestStore(initialState: Values.State()) { Values() }
    await store.send(.doubleCancelInFlightTapped)
    await store.receive(.value(42)) { $0.values = [42] }
    await store.finish()
  }

  @Test func aMappedSendSeesTheDependenciesItWasMadeWith() async {
    let store = TestStore(initialState: Values.State()) { Values() }
    await store.send(.mappedSendTapped)
    await store.receive(.dated(seconds: 1_234_567_890)) { $0.seconds = 1_234_567_890 }
  }

  @Test func aMappedRunSeesTheDependenciesItWasMadeWith() async {
    let store = TestStore(initialState: Values.State()) { Values() }
    await store.send(.mappedRunTapped)
    await store.receive(.dated(seconds: 1_234_567_890)) { $0.seconds = 1_234_567_890 }
    await store.finish()
  }

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
