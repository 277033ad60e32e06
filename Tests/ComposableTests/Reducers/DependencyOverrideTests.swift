import Composable
import DexTesting
import Testing

/// TCA's DependencyKeyWritingReducerTests told on dex: `dependency(_:_:)` and
/// `transformDependency(_:transform:)` change a dependency for a reducer and its effects; the
/// one written closest to the reducer wins.
@Suite struct DependencyOverrideTests {
  struct Reader: Reducer {
    struct State: Equatable {
      var value = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped
      case responded(Int)
    }

    @Dependency(\.luckyNumber) var luckyNumber

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tapped:
          state.value = luckyNumber
          return .run { send in await send(.responded(luckyNumber)) }
        case let .responded(value):
          state.value = value
          return .none
        }
      }
    }
  }

  @Test func theInnermostTransformWins() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .transformDependency(\.luckyNumber) { $0 = 42 }
        .transformDependency(\.luckyNumber) { $0 = 1729 }
    }
    await store.send(.tapped) { $0.value = 42 }
    await store.receive(.responded(42))
  }

  @Test func aTransformInsideAGroupWinsOverOneAroundIt() async {
    let store = TestStore(initialState: Reader.State()) {
      CombineReducers {
        Reader().transformDependency(\.luckyNumber) { $0 = 42 }
      }
      .transformDependency(\.luckyNumber) { $0 = 1729 }
    }
    await store.send(.tapped) { $0.value = 42 }
    await store.receive(.responded(42))
  }

  @Test func aTransformStartsFromTheValueAroundIt() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .transformDependency(\.luckyNumber) { $0 += 1 }
        .dependency(\.luckyNumber, 41)
    }
    await store.send(.tapped) { $0.value = 42 }
    await store.receive(.responded(42))
  }

  @Test func theInnermostWrittenValueWins() async {
    let store = TestStore(initialState: Reader.State()) {
      CombineReducers {
        Reader().dependency(\.luckyNumber, 42)
      }
      .dependency(\.luckyNumber, 1729)
    }
    await store.send(.tapped) { $0.value = 42 }
    await store.receive(.responded(42))
  }
}

private enum LuckyNumberKey: DependencyKey {
  static var liveValue: Int { 0 }
  static var testValue: Int? { 0 }
}

extension DependencyValues {
  fileprivate var luckyNumber: Int {
    get { self[LuckyNumberKey.self] }
    set { self[LuckyNumberKey.self] = newValue }
  }
}
