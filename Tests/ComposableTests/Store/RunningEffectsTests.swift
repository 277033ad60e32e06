import Composable
import Testing

/// A store lists the effect tasks it runs (the action that started each, its cancel ids) and
/// cancels one as its cancel id would; a manual clock says until when one sleeps.
@Suite struct RunningEffectsTests {
  enum CancelID { case debounce }

  struct Debouncer: Reducer {
    typealias State = Int
    enum Action: Equatable, Sendable, Codable { case typed, plain, fired }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .typed:
          return .run { send in
            try await clock.sleep(for: .milliseconds(300))
            await send(.fired)
          }
          .cancellable(id: CancelID.debounce, cancelInFlight: true)
        case .plain:
          return .run { _ in try await clock.sleep(for: .seconds(1)) }
        case .fired:
          state += 1
          return .none
        }
      }
    }
  }

  @Test func runningEffectsNameTheirActionAndCancelIDAndCancelEndsOne() async throws {
    let clock = ManualClock()
    let store = Store(initialState: 0, reducer: Debouncer()) { $0.clock = clock }
    _ = store.send(.typed)
    _ = store.send(.typed)
    _ = store.send(.plain)
    while clock.sleeperCount < 2 { await Task.yield() }
    let running = store.runningEffects
    #expect(running.map(\.actionIndex) == [2, 3])
    #expect(running.map(\.cancelIDs) == [["RunningEffectsTests.CancelID.debounce"], []])
    let debounce = try #require(running.first)
    #expect(
      clock.deadline(ofEffectTask: debounce.id)
        == ManualClock.Instant.zero.advanced(by: .milliseconds(300)))
    let task = try #require(store.cancelEffect(debounce.id))
    await task.value
    #expect(store.runningEffects.map(\.actionIndex) == [3])
    #expect(store.cancelEffect(debounce.id) == nil)
    await clock.advance(by: .seconds(1))
    #expect(store.state == 0)
  }
}
