import DexTesting
import Foundation
import Composable
import Testing

@Suite struct DependencyTests {
  @Test func aTestThatReachesAnUnoverriddenDependencyFailsNamingIt() async {
    let failures = Recorder()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    store.exhaustivity = .off
    // The debounce reads the clock while reducing, so the failure is reported during the send.
    await store.send(.queryChanged("pi"))
    // The debounce sleeps on the real clock: a slow machine may have ended it already.
    await store.skipInFlightEffects(strict: false)
    #expect(failures.all.contains { $0.contains("@Dependency(\\.clock) has no test value") })
  }

  @Test func withDependenciesOverridesForItsOperation() {
    let fixed = Date(timeIntervalSince1970: 0)
    let date = withDependencies {
      $0.date = .constant(fixed)
    } operation: {
      @Dependency(\.date) var date
      return date.now
    }
    #expect(date == fixed)
  }

  @Test func incrementingUUIDsCountUpFromOne() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func manualClockWakesSleepersInDeadlineOrder() async {
    let clock = ManualClock()
    let order = Recorder()
    let late = Task {
      try? await clock.sleep(for: .seconds(2))
      order.record("late")
    }
    let early = Task {
      try? await clock.sleep(for: .seconds(1))
      order.record("early")
    }
    while clock.sleeperCount < 2 { await Task.yield() }
    await clock.advance(by: .seconds(3))
    await late.value
    await early.value
    #expect(order.all == ["early", "late"])
  }
}

/// TCA's DependencyKeyWritingReducerTests: the override nearest the reducer wins, and an
/// override reaches the effects of the effects it starts.
@Suite struct DependencyWritingOrderTests {
  enum MyValueKey: DependencyKey {
    static var liveValue: Int { 0 }
    static var testValue: Int? { 0 }
  }

  struct Reading: Reducer {
    enum Action: Equatable, Sendable, Codable { case tap }

    @Dependency(\.myValue) var myValue

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      state = myValue
      return .none
    }
  }

  /// TCA's testWritingFusionOrder.
  @Test func theInnermostOfTwoOverridesWins() async {
    let store = TestStore(initialState: 0) {
      Reading()
        .dependency(\.myValue, 42)
        .dependency(\.myValue, 1729)
    }
    await store.send(.tap) { $0 = 42 }
  }

  /// TCA's testWritingOrder.
  @Test func anOverrideInsideACombinationWinsOverOneOutside() async {
    let store = TestStore(initialState: 0) {
      CombineReducers {
        Reading()
          .dependency(\.myValue, 42)
      }
      .dependency(\.myValue, 1729)
    }
    await store.send(.tap) { $0 = 42 }
  }

  struct Relaying: Reducer {
    enum Action: Equatable, Sendable, Codable {
      case tap
      case response(Int)
      case otherResponse(Int)
    }

    @Dependency(\.myValue) var myValue

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state += 1
        return .run { send in await send(.response(myValue)) }
      case let .response(value):
        state = value
        return .run { send in await send(.otherResponse(myValue)) }
      case let .otherResponse(value):
        state = value
        return .none
      }
    }
  }

  /// TCA's testDependency_EffectOfEffect.
  @Test func anOverrideReachesTheEffectsOfItsEffects() async {
    let store = TestStore(initialState: 0) {
      Relaying()
        .dependency(\.myValue, 42)
    }
    await store.send(.tap) { $0 = 1 }
    await store.receive(.response(42)) { $0 = 42 }
    await store.receive(.otherResponse(42))
  }
}

extension DependencyValues {
  fileprivate var myValue: Int {
    get { self[DependencyWritingOrderTests.MyValueKey.self] }
    set { self[DependencyWritingOrderTests.MyValueKey.self] = newValue }
  }
}

/// Counting UUIDs never wrap back to an id another value has, however high the count they start
/// after (an imported session may hold any UUID).
@Suite struct CountingUUIDTests {
  @Test func countingPastTwelveHexDigitsGoesOnInTheGroupBefore() {
    #expect(UUID(counting: 1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(counting: 1 << 48).uuidString == "00000000-0000-0000-0001-000000000000")
    #expect(UUID(counting: .max).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    for value: UInt64 in [0, 1, 0xFFFF_FFFF_FFFF, 1 << 48, .max] {
      #expect(UUID(counting: value).countingValue == value)
    }
  }

  @Test func incrementingAfterTheLastTwelveDigitIdDoesNotWrapToATakenOne() {
    let after = UUIDGenerator.incrementing(after: 0xFFFF_FFFF_FFFF)
    #expect(after().uuidString == "00000000-0000-0000-0001-000000000000")
    let last = UUIDGenerator.incrementing(after: .max)
    let beyond = last()
    #expect(beyond.countingValue != 0 && beyond.countingValue != 1)
  }
}
