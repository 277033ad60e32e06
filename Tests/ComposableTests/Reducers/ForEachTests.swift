import DexTesting
import Foundation
import Composable
import Testing

/// `forEach` routes an element's action by id, and each element owns its effects (the
/// scenarios of TCA's ForEachReducerTests, and rows that share a cancel id).
@Suite struct ForEachTests {
  /// Rows holding a string; a row emptied answers "Empty" from an effect.
  struct Elements: Reducer {
    struct Row: Equatable, Identifiable, Sendable {
      var id: Int
      var value: String
    }

    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row> = []
    }

    enum Action: Equatable, Sendable, Codable {
      case buttonTapped
      case rows(IdentifiedAction<Int, String>)
    }

    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .forEach(\.rows, action: \.rows) {
          Reduce { state, action in
            state.value = action
            return action.isEmpty ? .run { send in await send("Empty") } : .none
          }
        }
    }
  }

  /// Rows of tickers, added and removed by the parent or by a reducer after it.
  struct Timers: Reducer {
    struct State: Equatable {
      var timers: IdentifiedArrayOf<TickerFeature.State> = []
      var nextID = 1
    }

    enum Action: Equatable, Sendable, Codable {
      case addTapped
      case removeLastTapped
      case removeLastAfterTapped
      case stopAllTapped
      case timers(IdentifiedActionOf<TickerFeature>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTapped:
          state.timers.append(TickerFeature.State(id: state.nextID))
          state.nextID += 1
          return .none
        case .removeLastTapped:
          state.timers.removeLast()
          return .none
        case .stopAllTapped:
          return .cancel(id: TickerFeature.CancelID.timer)
        case .removeLastAfterTapped, .timers:
          return .none
        }
      }
      .forEach(\.timers, action: \.timers) { TickerFeature() }
      Reduce { state, action in
        if action == .removeLastAfterTapped { state.timers.removeLast() }
        return .none
      }
    }
  }

  @Test func anElementActionReachesItsRowAndItsEffectAnswers() async {
    let store = TestStore(
      initialState: Elements.State(rows: [
        Elements.Row(id: 1, value: "Blob"), Elements.Row(id: 2, value: "Blob Jr."),
        Elements.Row(id: 3, value: "Blob Sr."),
      ])
    ) {
      Elements()
    }
    await store.send(.rows(.element(id: 1, action: "Blob Esq."))) {
      $0.rows[id: 1]?.value = "Blob Esq."
    }
    await store.send(.rows(.element(id: 2, action: ""))) { $0.rows[id: 2]?.value = "" }
    await store.receive(.rows(.element(id: 2, action: "Empty"))) {
      $0.rows[id: 2]?.value = "Empty"
    }
  }

  @Test func anActionOfTheParentLeavesTheRowsAlone() async {
    let store = TestStore(initialState: Elements.State()) { Elements() }
    await store.send(.buttonTapped)
  }

  @Test func removingRowsCancelsTheirTimersAndOnlyTheirs() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Timers.State()) {
      Timers()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.addTapped) {
      $0.timers = [TickerFeature.State(id: 1)]
      $0.nextID = 2
    }
    await store.send(.timers(.element(id: 1, action: .startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.timers(.element(id: 1, action: .ticked))) { $0.timers[id: 1]?.ticks = 1 }
    await store.receive(.timers(.element(id: 1, action: .ticked))) { $0.timers[id: 1]?.ticks = 2 }
    await store.send(.addTapped) {
      $0.timers.append(TickerFeature.State(id: 2))
      $0.nextID = 3
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 1, action: .ticked))) { $0.timers[id: 1]?.ticks = 3 }
    await store.send(.timers(.element(id: 2, action: .startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 1, action: .ticked))) { $0.timers[id: 1]?.ticks = 4 }
    await store.receive(.timers(.element(id: 2, action: .ticked))) { $0.timers[id: 2]?.ticks = 1 }
    await store.send(.removeLastTapped) { $0.timers.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 1, action: .ticked))) { $0.timers[id: 1]?.ticks = 5 }
    await store.send(.removeLastTapped) { $0.timers = [] }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func rowsSharingACancelIDStopOnlyTheirOwnTimer() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Timers.State(
        timers: [TickerFeature.State(id: 1), TickerFeature.State(id: 2)], nextID: 3)
    ) {
      Timers()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timers(.element(id: 1, action: .startTapped)))
    await store.send(.timers(.element(id: 2, action: .startTapped)))
    await store.send(.timers(.element(id: 1, action: .stopTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 2, action: .ticked))) { $0.timers[id: 2]?.ticks = 1 }
    // The parent's cancellation of the same id reaches every row.
    await store.send(.stopAllTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aReducerAfterTheForEachRemovingARowCancelsItsTimer() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Timers.State(timers: [TickerFeature.State(id: 1)], nextID: 2)
    ) {
      Timers()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timers(.element(id: 1, action: .startTapped)))
    await store.send(.removeLastAfterTapped) { $0.timers = [] }
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func rowActionReachesTheRowWithThatIDAfterAMove() async {
    let store = TestStore(initialState: .withRows(3)) { RosterFeature() }
    await store.send(.rowsMoved(fromOffsets: [2], toOffset: 0)) {
      $0.rows = [
        RowFeature.State(id: 3, title: "row 3"), RowFeature.State(id: 1, title: "row 1"),
        RowFeature.State(id: 2, title: "row 2"),
      ]
    }
    await store.send(.rows(.element(id: 3, action: .tapped))) {
      $0.rows[id: 3]?.title = "row 3!"
    }
    #expect(store.state.rows.ids == [3, 1, 2])
    #expect(store.state.rows[0].title == "row 3!")
  }

  @Test func rowActionReachesTheRowWithThatIDAfterADelete() async {
    let store = TestStore(initialState: .withRows(3)) { RosterFeature() }
    await store.send(.rowsDeleted(atOffsets: [0])) {
      $0.rows.remove(at: 0)
    }
    await store.send(.rows(.element(id: 3, action: .tapped))) {
      $0.rows[id: 3]?.title = "row 3!"
    }
    #expect(store.state.rows.map(\.title) == ["row 2", "row 3!"])
  }

  @Test func actionForAMissingIDWarnsAndChangesNothing() async {
    let warnings = Recorder()
    let store = TestStore(initialState: .withRows(2)) {
      RosterFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.rowsDeleted(atOffsets: [1])) { $0.rows.remove(at: 1) }
    await store.send(.rows(.element(id: 2, action: .tapped)))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("missing element (id: 2)") == true)
  }

  @Test func deletingARowCancelsItsRunningEffect() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .withRows(2)) {
      RosterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.rows(.element(id: 2, action: .timerStarted)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .ticked))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rowsDeleted(atOffsets: [1])) { $0.rows.remove(at: 1) }
    await clock.advance(by: .seconds(3))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func bindingActionSetsTheRowField() async {
    let store = TestStore(initialState: .withRows(1)) { RosterFeature() }
    await store.send(.rows(.element(id: 1, action: .binding(.set(\.nickname, "Sparky"))))) {
      $0.rows[id: 1]?.nickname = "Sparky"
    }
  }

  @Test func scopingTheRowsGivesOneStorePerRowIdentifiedByID() async {
    let store = Store(initialState: RosterFeature.State.withRows(3)) {
      RosterFeature()
    } withDependencies: {
      $0.context = .test
    }
    let rowStores = store.scope(state: \.rows, action: \.rows)
    #expect(rowStores.map(\.id) == [1, 2, 3])
    await rowStores[1].send(.tapped).finish()
    #expect(store.state.rows[id: 2]?.title == "row 2!")
    #expect(rowStores[1].state.title == "row 2!")
  }
}
