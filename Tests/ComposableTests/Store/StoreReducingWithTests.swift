import DexPlatform
import Composable
import Foundation
import Testing

/// `Store.send(_:reducingWith:report:)`: a send whose one action is reduced by another build of
/// the same reducers (the REPL's `send --trace` reduces it with the tree built for tracing).
/// The action lands as a plain send's would, the values a dependency makes are made once, and
/// the actions its effects send go through the store's own reducers.
@Suite struct StoreReducingWithTests {
  /// Adds an id made by the `uuid` dependency, and sends `.added` from a `.send` effect.
  struct Adder: Reducer {
    struct State: Equatable {
      var ids: [UUID] = []
      var added = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case add
      case added
    }

    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .add:
          state.ids.append(uuid())
          return .send(.added)
        case .added:
          state.added += 1
          return .none
        }
      }
    }
  }

  /// Counts the actions a reduce function was given.
  final class Counted: @unchecked Sendable {
    let actions = LockedValue<[Adder.Action]>([])

    func reduce(
      _ base: @escaping ReduceFunction<Adder.State, Adder.Action>
    ) -> ReduceFunction<Adder.State, Adder.Action> {
      { state, action in
        self.actions.withLock { $0.append(action) }
        return base(&state, action)
      }
    }
  }

  private func store() -> Store<Adder.State, Adder.Action> {
    Store(initialState: Adder.State(), reducer: Adder()) { $0.uuid = .incrementing }
  }

  @Test func theSentActionIsReducedByTheGivenFunctionAndWhatItsEffectSendsByTheStores() {
    let store = store()
    let counted = Counted()
    let reported = LockedValue<[(Adder.Action, UInt64, Int)]>([])
    _ = store.send(.add, reducingWith: counted.reduce(Adder().makeReduceFunction())) {
      processed, number in
      reported.withLock { $0.append((processed.action, number, processed.generated.count)) }
    }
    #expect(counted.actions.withLock { $0 } == [.add], "the effect's .added went to the store's")
    #expect(store.state.added == 1)
    let first = reported.withLock { $0 }
    #expect(first.map(\.0) == [.add])
    #expect(first.map(\.1) == [1])
    #expect(first.map(\.2) == [1], "one UUID made, recorded once")
  }

  @Test func aDependencyMakesItsValueOnceAndTheNextSendGetsTheNextOne() {
    let plain = store()
    let overridden = store()
    plain.send(.add)
    plain.send(.add)
    let counted = Counted()
    let reduce = counted.reduce(ReducerTracing.tracedReduceFunction(of: Adder()))
    _ = overridden.send(.add, reducingWith: reduce) { _, _ in }
    overridden.send(.add)
    #expect(counted.actions.withLock { $0 } == [.add])
    #expect(overridden.state == plain.state)
    #expect(overridden.state.ids == [UUID(counting: 1), UUID(counting: 2)])
  }

  @Test func withoutAFunctionItIsAPlainSend() {
    let plain = store()
    let other = store()
    plain.send(.add)
    _ = other.send(.add, reducingWith: nil) { _, _ in }
    #expect(other.state == plain.state)
  }
}
