import Composable
import DexTesting
import Testing

/// TCA's ReducerBuilderTests told on dex: a builder takes reducers of known types and
/// reducers held as existentials, and runs them in order.
@Suite struct ReducerBuilderTests {
  struct Doubler: Reducer {
    var body: some Reducer<Int, Int> {
      Reduce { state, action in
        state *= action
        return .none
      }
    }
  }

  @Test func anExistentialReducerRunsInItsPlaceInABuilder() async {
    let existential: any Reducer<Int, Int> = Doubler()
    let store = TestStore(initialState: 1) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
      existential
    }
    // (1 + 2) * 2: the existential runs after the reducer written before it.
    await store.send(2) { $0 = 6 }
  }
}
