import DexTesting
import Composable
import Testing

@Suite struct PresentationTests {
  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .withRows(1)) {
      RosterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.rowTapped(id: 1)) { $0.detail = DetailFeature.State(rowID: 1) }
    await store.send(.detail(.presented(.onAppear)))
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.ticked))) { $0.detail?.ticks = 1 }
    await store.send(.detail(.dismiss)) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func theChildDismissesItselfByTheEndOfTheSend() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .withRows(1)) {
      RosterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.rowTapped(id: 1)) { $0.detail = DetailFeature.State(rowID: 1) }
    await store.send(.detail(.presented(.onAppear)))
    await store.send(.detail(.presented(.closeTapped)))
    await store.receive(.detail(.dismiss)) { $0.detail = nil }
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func aChildActionWhileNothingIsPresentedWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: .withRows(1)) {
      RosterFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.detail(.presented(.ticked)))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("while nothing is presented") == true)
  }
}
