import Composable
import DexTesting
import Testing

/// TCA's EffectCancellationTests on cancelling from effect code, told on dex: work run in
/// `withTaskCancellation(id:)` is cancelled by `.cancel(id:)`, by `Task.cancel(id:)` from
/// another effect and by a later `cancelInFlight`; `Task.cancel(id:)` also ends effects made
/// `.cancellable(id:)`. Ids are a child's own, as for `.cancellable(id:)`.
@Suite struct TaskCancellationTests {
  struct Searcher: Reducer {
    struct State: Equatable {
      var results: [String] = []
    }

    enum Action: Equatable, Sendable, Codable {
      case queryChanged(String)
      case stopTapped
      case stopFromEffectTapped
      case timerTapped
      case responded(String)
      case ticked
    }

    enum CancelID { case search, timer }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .queryChanged(query):
          return .run { send in
            try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
              try await clock.sleep(for: .milliseconds(300))
              await send(.responded(query))
            }
          }
        case .stopTapped:
          return .cancel(id: CancelID.search)
        case .stopFromEffectTapped:
          return .run { _ in
            Task.cancel(id: CancelID.search)
            Task.cancel(id: CancelID.timer)
          }
        case .timerTapped:
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.ticked)
            }
          }
          .cancellable(id: CancelID.timer)
        case let .responded(result):
          state.results.append(result)
          return .none
        case .ticked:
          return .none
        }
      }
    }
  }

  /// Two searchers side by side: each one's ids are its own.
  struct Pair: Reducer {
    struct State: Equatable {
      var first: Searcher.State?
      var second: Searcher.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case first(Searcher.Action)
      case second(Searcher.Action)
    }

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.first, action: \.first) { Searcher() }
        .ifLet(\.second, action: \.second) { Searcher() }
    }
  }

  private func store(clock: ManualClock) -> TestStore<Searcher.State, Searcher.Action> {
    TestStore(initialState: Searcher.State()) {
      Searcher()
    } withDependencies: {
      $0.clock = clock
    }
  }

  @Test func aLaterCancelInFlightEndsTheEarlierWork() async {
    let clock = ManualClock()
    let store = store(clock: clock)
    await store.send(.queryChanged("pi"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("pika"))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.responded("pika")) { $0.results = ["pika"] }
    await store.finish()
  }

  @Test func anEffectCancelIDEndsTheWorkRunUnderIt() async {
    let clock = ManualClock()
    let store = store(clock: clock)
    await store.send(.queryChanged("pi"))
    // The work is registered under its id once the effect reaches it: here, asleep.
    await clock.advance(by: .milliseconds(100))
    await store.send(.stopTapped)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func taskCancelFromAnotherEffectEndsBothKindsOfWork() async {
    let clock = ManualClock()
    let store = store(clock: clock)
    await store.send(.timerTapped)
    await store.send(.queryChanged("pi"))
    await clock.advance(by: .milliseconds(100))
    await store.send(.stopFromEffectTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aChildsTaskCancelLeavesItsSiblingsWorkRunning() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Pair.State(first: .init(), second: .init())) {
      Pair()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.first(.queryChanged("pi")))
    await store.send(.second(.queryChanged("ka")))
    await clock.advance(by: .milliseconds(100))
    await store.send(.first(.stopFromEffectTapped))
    await clock.advance(by: .milliseconds(200))
    await store.receive(.second(.responded("ka"))) { $0.second?.results = ["ka"] }
    await store.finish()
  }

  @Test func outsideAnEffectTheWorkRunsAsItIs() async {
    Task.cancel(id: Searcher.CancelID.search)
    let value = await withTaskCancellation(id: Searcher.CancelID.search) { 42 }
    #expect(value == 42)
  }
}
