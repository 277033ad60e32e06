import Composable
import DexTesting
import Testing

/// TCA's ScopeTests told on dex: a child runs on a stored property or on one case of an enum
/// state, and its effects answer in the parent's domain.
@Suite struct ScopeTests {
  /// A counter that corrects itself back to zero from an effect when it goes negative.
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case decrementTapped
      case incrementTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .decrementTapped:
          state.count -= 1
          return state.count < 0 ? .run { send in await send(.incrementTapped) } : .none
        case .incrementTapped:
          state.count += 1
          return .none
        }
      }
    }
  }

  /// A state that is a count or a name, each case run by its own child.
  struct CountOrName: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case count(Int)
      case name(String)
    }

    enum Action: Equatable, Sendable, Codable {
      case count(Int)
      case name(String)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.count, action: \.count) {
        Reduce { state, action in
          state = action
          return state < 0 ? .run { send in await send(0) } : .none
        }
      }
      Scope(state: \.name, action: \.name) {
        Reduce { state, action in
          state = action
          return state.isEmpty ? .run { send in await send("Empty") } : .none
        }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
      var countOrName = CountOrName.State.count(0)
    }

    enum Action: Equatable, Sendable, Codable {
      case counter(Counter.Action)
      case countOrName(CountOrName.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Scope(state: \.countOrName, action: \.countOrName) { CountOrName() }
    }
  }

  @Test func aCasePayloadIsReadAndWrittenInPlaceThroughItsCase() {
    var state = CountOrName.State.count(1)
    state[case: \.count]? += 1
    #expect(state == .count(2))
    #expect(state[case: \.name] == nil)
    state[case: \.name]?.append("!")
    #expect(state == .count(2), "another case's payload is nil and writes nothing")
    state[case: \.name] = "Ash"
    #expect(state == .name("Ash"))
  }

  @Test func aStructChildRunsAndItsEffectAnswers() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.decrementTapped)) { $0.counter.count = 0 }
    await store.send(.counter(.decrementTapped)) { $0.counter.count = -1 }
    await store.receive(.counter(.incrementTapped)) { $0.counter.count = 0 }
  }

  @Test func anEnumChildRunsInItsCaseAndItsEffectAnswers() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.countOrName(.count(1))) { $0.countOrName = .count(1) }
    await store.send(.countOrName(.count(-1))) { $0.countOrName = .count(-1) }
    await store.receive(.countOrName(.count(0))) { $0.countOrName = .count(0) }
  }

  @Test func anActionForAnotherCaseWarnsAndChangesNothing() async {
    let warnings = Recorder()
    let store = TestStore(initialState: CountOrName.State.count(0)) {
      CountOrName()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.name("Blob"))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("received Blob while") == true)
  }
}
