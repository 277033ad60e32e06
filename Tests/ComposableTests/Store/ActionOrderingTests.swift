import Composable
import DexTesting
import Testing

/// The order TCA processes actions in: `.send` effects queue behind each other (first in,
/// first out), and a concatenation of `.send`s runs before the send that started it returns.
@Suite struct ActionOrderingTests {
  struct Chain: Reducer {
    struct State: Equatable {
      var log: [String] = []
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped
      case next(Int)
      case ended
      case concatenateTapped
      case b(Int)
      case c(Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tapped:
          state.log.append("tap")
          return .merge(.send(.next(1)), .send(.next(2)))
        case let .next(number):
          state.log.append("next\(number)")
          return number == 1 ? .send(.ended) : .none
        case .ended:
          state.log.append("end")
          return .none
        case .concatenateTapped:
          return .merge(
            .concatenate((1...3).map { .send(.b($0)) }),
            .run { send in
              for number in 1...3 { await send(.c(number)) }
            })
        case let .b(number):
          state.log.append("b\(number)")
          return .none
        case let .c(number):
          state.log.append("c\(number)")
          return .none
        }
      }
    }
  }

  @Test func actionsOfSendEffectsQueueBehindEachOther() async {
    let store = TestStore(initialState: Chain.State()) { Chain() }
    await store.send(.tapped) { $0.log = ["tap"] }
    await store.receive(.next(1)) { $0.log.append("next1") }
    await store.receive(.next(2)) { $0.log.append("next2") }
    await store.receive(.ended) { $0.log.append("end") }
  }

  @Test func concatenatedSendsRunBeforeTheSendReturns() async {
    for _ in 1...20 {
      let store = Store(initialState: Chain.State()) { Chain() }
      let task = store.send(.concatenateTapped)
      #expect(Array(store.state.log.prefix(3)) == ["b1", "b2", "b3"])
      await task.finish()
      #expect(store.state.log == ["b1", "b2", "b3", "c1", "c2", "c3"])
    }
  }
}
