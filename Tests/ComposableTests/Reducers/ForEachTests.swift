import DexTesting
import Foundation
import Composable
import Testing

@Suite struct ForEachTests {
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
