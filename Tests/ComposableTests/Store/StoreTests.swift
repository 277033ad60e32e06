import DexPlatform
import DexTesting
import Foundation
import Composable
import Testing

@Suite struct StoreTests {
  @Test func actionsSentWhileProcessingAreQueuedAndProcessedInOrder() async {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let seen = LockedValue<[(UInt64, CounterFeature.Action, ActionOrigin)]>([])
    let sentFromObserver = LockedValue(false)
    store.observe { processed in
      seen.withLock { $0.append((processed.index, processed.action, processed.origin)) }
      // Sending from inside the store's processing queues the action behind the current one.
      let shouldSend = sentFromObserver.withLock { sent -> Bool in
        defer { sent = true }
        return !sent
      }
      if shouldSend {
        store.send(.decrementTapped)
        store.send(.incrementTapped)
        #expect(seen.withLock { $0.count } == 1)
      }
    }
    await store.send(.chainTapped).finish()
    let log = seen.withLock { $0 }
    #expect(log.map(\.0) == [1, 2, 3, 4, 5, 6])
    #expect(
      log.map(\.1) == [
        .chainTapped, .incrementTapped, .incrementTapped, .decrementTapped, .decrementTapped,
        .incrementTapped,
      ])
    #expect(log.map(\.2) == [.sent, .received(from: 1), .received(from: 1), .received(from: 1), .sent, .sent])
    #expect(store.state.count == 1)
  }

  /// A history that also holds entries the store never processed numbers the store's actions
  /// itself: the number it gives an action is the one its effects' actions are received from.
  @Test func actionsNumberedByAnObserverAreReceivedFromThatNumber() async {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let origins = LockedValue<[ActionOrigin]>([])
    store.observe { processed in origins.withLock { $0.append(processed.origin) } }
    store.number { processed in processed.index + 100 }
    await store.send(.chainTapped).finish()
    #expect(
      origins.withLock { $0 } == [
        .sent, .received(from: 101), .received(from: 101), .received(from: 101),
      ])
  }

  /// The send that reduces its action is told of it, numbered, before the actions its effects
  /// send are processed; the observers are told it reports it, and hear of the others alone.
  @Test func aSendThatReportsItsActionHearsOfItBeforeItsEffectsActions() async {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let events = LockedValue<[String]>([])
    store.observe { processed in
      events.withLock {
        $0.append("observed \(processed.action) reported: \(processed.isReportedBySender)")
      }
    }
    let task = store.send(.chainTapped) { processed, number in
      events.withLock { $0.append("reported \(processed.action) #\(number)") }
    }
    await task.finish()
    #expect(
      events.withLock { $0 } == [
        "observed chainTapped reported: true", "reported chainTapped #1",
        "observed incrementTapped reported: false", "observed incrementTapped reported: false",
        "observed decrementTapped reported: false",
      ])
  }

  @Test func observerSeesStateBeforeAndAfter() async {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let counts = LockedValue<[(Int, Int)]>([])
    store.observe { processed in
      counts.withLock { $0.append((processed.stateBefore.count, processed.stateAfter.count)) }
    }
    store.send(.incrementTapped)
    store.send(.incrementTapped)
    #expect(counts.withLock { $0.map(\.0) } == [0, 1])
    #expect(counts.withLock { $0.map(\.1) } == [1, 2])
  }

  @Test func concurrentSendsFromManyTasksAreSerialized() async {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<10 { store.send(.incrementTapped) }
        }
      }
    }
    #expect(store.state.count == 1_000)
  }

  @Test func finishWaitsForEffectsAndTheActionsTheySend() async {
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    await store.send(.delayedIncrementTapped).finish()
    #expect(store.state.count == 1)
  }

  @Test func replacingTheStateCancelsRunningEffects() async {
    let clock = ManualClock()
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    let task = store.send(.timerStartTapped)
    await clock.advance(by: .seconds(1))
    #expect(store.state.count == 1)
    store.replaceState(CounterFeature.State(count: 10))
    await task.finish()
    await clock.advance(by: .seconds(3))
    #expect(store.state.count == 10)
  }

  @Test func waitBlocksAThreadUntilEffectsFinish() async {
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    // Generous bound: under ThreadSanitizer on two cores, or beside other builds, the pool can
    // be busy with the suite's other tests for tens of seconds (30 s failed under load 15).
    // Blocking waits belong on threads of their own (the REPL's main thread), never on the
    // concurrency pool that runs the effects.
    let finished = await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: store.send(.delayedIncrementTapped).wait(timeout: .seconds(120)))
      }.start()
    }
    #expect(finished)
    #expect(store.state.count == 1)
  }

  @Test func waitUntilSettledReturnsOnceEveryEffectSleepsOnTheManualClock() async {
    let clock = ManualClock()
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    let outcome = await withCheckedContinuation { continuation in
      Thread {
        let task = store.send(.queryChanged("pika"))
        let settled = task.waitUntilSettled { clock.isQuiescent }
        continuation.resume(returning: (settled, task.isFinished, clock.sleeperCount))
      }.start()
    }
    // Settled with the debounced search asleep on the clock, not finished.
    #expect(outcome == (true, false, 1))
    await clock.advance(by: .milliseconds(300))
    #expect(store.state.searchResults == ["pika-1", "pika-2"])
  }

  @Test func waitUntilSettledStopsWhenInterrupted() async {
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = ManualClock()
    }
    let settled = await withCheckedContinuation { continuation in
      Thread {
        let task = store.send(.delayedIncrementTapped)
        continuation.resume(returning: task.waitUntilSettled({ false }, interrupted: { true }))
      }.start()
    }
    #expect(!settled)
    store.cancelAllEffects()
  }

  /// Records which shared container and dependencies a reduce sees.
  struct EnvironmentProbe: Reducer {
    struct State: Equatable {
      var containers: [ObjectIdentifier] = []
      var dates: [Date] = []
    }
    enum Action: Equatable, Sendable, Codable { case observed }
    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.containers.append(ObjectIdentifier(SharedContainer.resolved))
      state.dates.append(date.now)
      return .none
    }
  }

  @Test func aReduceSeesTheStoresContainerAndDependenciesWhoeverSends() async {
    let container = SharedContainer(storage: .inMemory)
    let moment = Date(timeIntervalSince1970: 1_000)
    let store = SharedContainer.$current.withValue(container) {
      Store(initialState: EnvironmentProbe.State()) {
        EnvironmentProbe()
      } withDependencies: {
        $0.date = .constant(moment)
      }
    }
    // Sent from a task with no container of its own, and from one with another container.
    store.send(.observed)
    SharedContainer.$current.withValue(SharedContainer(storage: .inMemory)) { _ = store.send(.observed) }
    #expect(store.state.containers == [ObjectIdentifier(container), ObjectIdentifier(container)])
    #expect(store.state.dates == [moment, moment])
    // Outside the reduce, the thread's values are the task's again.
    #expect(SharedContainer.resolved !== container)
  }

  /// A state whose initial date comes from the date dependency.
  struct Dated: Reducer {
    struct State: Equatable, Sendable {
      var date: Date?
      init() {
        @Dependency(\.date) var date
        self.date = date.now
      }
    }
    enum Action: Equatable, Sendable, Codable { case tapped }

    /// The date the reducer was made with (TCA's scenario passes it to the reducer's init).
    var madeAt: Date?

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.date = madeAt
      return .none
    }
  }

  /// TCA's testInit_InitialState_WithDependencies: the initial state is made with the
  /// dependencies `withDependencies` sets.
  @Test func theInitialStateIsMadeWithTheStoresDependencies() {
    let moment = Date(timeIntervalSinceReferenceDate: 1_234_567_890)
    let store = Store(initialState: Dated.State()) {
      Dated()
    } withDependencies: {
      $0.date = .constant(moment)
    }
    #expect(store.state.date == moment)
  }

  /// TCA's testInit_ReducerBuilder_WithDependencies: the reducer builder runs with the
  /// dependencies `withDependencies` sets.
  @Test func theReducerIsBuiltWithTheStoresDependencies() {
    let moment = Date(timeIntervalSinceReferenceDate: 1_234_567_890)
    @Dependency(\.date) var date
    let store = Store(initialState: Dated.State()) {
      Dated(madeAt: date.now)
    } withDependencies: {
      $0.date = .constant(moment)
    }
    store.send(.tapped)
    #expect(store.state.date == moment)
  }
}
