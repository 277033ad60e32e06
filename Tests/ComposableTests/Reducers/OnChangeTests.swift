import Composable
import DexTesting
import Testing

/// TCA's OnChangeReducerTests told on dex: reducers that run when a value changed, after the
/// reducer that changed it, on the same action.
@Suite struct OnChangeTests {
  /// A counter whose description shows one "!" per count and which steps back above one.
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var description = ""
      var changes = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case incrementTapped
      case decrementTapped
      case touched
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .decrementTapped:
          state.count -= 1
          return .none
        case .incrementTapped:
          state.count += 1
          return .none
        case .touched:
          return .none
        }
      }
      .onChange(of: \.count) { _, newValue in
        Reduce { state, _ in
          state.description = String(repeating: "!", count: max(newValue, 0))
          return newValue > 1 ? .send(.decrementTapped) : .none
        }
      }
    }
  }

  /// Counts the changes of a value that is not `Equatable`, told apart by `removeDuplicates`.
  struct Tally: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
    }

    enum Action: Equatable, Sendable, Codable {
      case counter(Counter.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
        .onChange(of: { ($0.counter.count, $0.counter.description) }, removeDuplicates: ==) {
          oldValue, newValue in
          Reduce { state, _ in
            state.counter.changes += 1
            return .none
          }
        }
    }
  }

  @Test func aChangedValueRunsTheReducersAfterTheOneThatChangedIt() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTapped) {
      $0.count = 1
      $0.description = "!"
    }
    await store.send(.incrementTapped) {
      $0.count = 2
      $0.description = "!!"
    }
    await store.receive(.decrementTapped) {
      $0.count = 1
      $0.description = "!"
    }
  }

  @Test func anActionThatLeavesTheValueRunsNothingMore() async {
    let store = TestStore(initialState: Counter.State(count: 1, description: "?")) { Counter() }
    await store.send(.touched)
  }

  @Test func removeDuplicatesTellsTheChangesOfAValueThatIsNotEquatable() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.counter(.incrementTapped)) {
      $0.counter.count = 1
      $0.counter.description = "!"
      $0.counter.changes = 1
    }
    await store.send(.counter(.touched))
  }
}
