import DexPlatform
import Foundation
import Composable
import Testing

/// The store's send path: a send claims an idle store without locking its queue and lets go
/// unlocked when nothing was queued meanwhile, and the store's dependencies are installed on
/// the thread as one object for each reduce. These hold its meaning under both: sends from
/// effects and from other threads all land, in each sender's order, numbered once each; an
/// override in a child scope is seen by that child only; changed dependencies reach the next
/// action.
@Suite struct StoreRuntimeTests {
  /// Counts ticks from an effect and from outside, each in the order it was sent.
  struct Ticks: Reducer {
    struct State: Equatable {
      var fromEffect: [Int] = []
      var fromOutside: [Int] = []
    }

    enum Action: Equatable, Sendable, Codable {
      case started(count: Int)
      case effectTicked(Int)
      case outsideTicked(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .started(count):
        return .run { send in
          for number in 0..<count { await send(.effectTicked(number)) }
        }
      case let .effectTicked(number):
        state.fromEffect.append(number)
        return .none
      case let .outsideTicked(number):
        state.fromOutside.append(number)
        return .none
      }
    }
  }

  @Test func sendsFromAnEffectAndFromAnotherThreadAllLandInTheirSendersOrder() async {
    let count = 500
    let store = Store(initialState: Ticks.State()) { Ticks() }
    let indices = LockedValue<[UInt64]>([])
    store.observe { processed in indices.withLock { $0.append(processed.index) } }
    let effect = store.send(.started(count: count))
    // Another thread sends while the effect's task sends: each send either claims the idle
    // store or queues behind the one processing.
    let outside = Thread {
      for number in 0..<count { store.send(.outsideTicked(number)) }
    }
    outside.start()
    await effect.finish()
    while store.state.fromOutside.count < count { await Task.yield() }
    #expect(store.state.fromEffect == Array(0..<count))
    #expect(store.state.fromOutside == Array(0..<count))
    // Every action was numbered once, in the order it was processed.
    #expect(indices.withLock { $0 } == Array(1...UInt64(2 * count + 1)))
  }

  /// Counts up by sending itself the next step until it reaches `State.end`.
  struct Chain: Reducer {
    struct State: Equatable {
      var count = 0
      var ended = false
    }

    enum Action: Equatable, Sendable, Codable {
      case incremented
      case ended
    }

    static let end = 100_000

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incremented:
        state.count += 1
        return .send(state.count >= Self.end ? .ended : .incremented)
      case .ended:
        state.ended = true
        return .none
      }
    }
  }

  /// TCA's testLotsOfSynchronousActions: a `.send` effect that sends the next action, a
  /// hundred thousand times, ends with every action processed before `send` returns.
  @Test func aLongChainOfSendEffectsIsProcessedBeforeTheSendReturns() {
    let store = Store(initialState: Chain.State()) { Chain() }
    let task = store.send(.incremented)
    #expect(store.state.count == Chain.end)
    #expect(store.state.ended)
    #expect(task.isFinished)
  }

  /// Two children read the same dependency; one of them overrides it.
  struct Family: Reducer {
    struct State: Equatable {
      var parent: [Int] = []
      var overridden = Child.State()
      var plain = Child.State()
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped
      case overridden(Child.Action)
      case plain(Child.Action)
    }

    @Dependency(\.storeLuckyNumber) var luckyNumber

    var body: some ReducerOf<Self> {
      Scope(state: \.overridden, action: \.overridden) {
        Child().dependency(\.storeLuckyNumber, 7)
      }
      Scope(state: \.plain, action: \.plain) { Child() }
      Reduce { state, action in
        if case .tapped = action { state.parent.append(luckyNumber) }
        return .none
      }
    }
  }

  struct Child: Reducer {
    struct State: Equatable {
      var seen: [Int] = []
      var heardFromEffect: [Int] = []
    }

    enum Action: Equatable, Sendable, Codable {
      case tapped
      case effectRead(Int)
    }

    @Dependency(\.storeLuckyNumber) var luckyNumber

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tapped:
        state.seen.append(luckyNumber)
        return .run { send in await send(.effectRead(luckyNumber)) }
      case let .effectRead(number):
        state.heardFromEffect.append(number)
        return .none
      }
    }
  }

  @Test func aChildScopesOverrideIsSeenByThatChildAndItsEffectsOnly() async {
    let store = Store(initialState: Family.State()) {
      Family()
    } withDependencies: {
      $0.storeLuckyNumber = 1
    }
    await store.send(.overridden(.tapped)).finish()
    await store.send(.plain(.tapped)).finish()
    store.send(.tapped)
    #expect(store.state.overridden.seen == [7])
    #expect(store.state.overridden.heardFromEffect == [7])
    #expect(store.state.plain.seen == [1])
    #expect(store.state.plain.heardFromEffect == [1])
    #expect(store.state.parent == [1])
  }

  @Test func changedDependenciesReachTheNextActionAndItsEffects() async {
    let store = Store(initialState: Child.State()) {
      Child()
    } withDependencies: {
      $0.storeLuckyNumber = 1
    }
    await store.send(.tapped).finish()
    store.updateDependencies { $0.storeLuckyNumber = 2 }
    #expect(store.dependencies.storeLuckyNumber == 2)
    await store.send(.tapped).finish()
    #expect(store.state.seen == [1, 2])
    #expect(store.state.heardFromEffect == [1, 2])
  }

  /// A reducer that sends to another store while it reduces (a parent driving a store of its
  /// own), under an override of its own.
  struct Relay: Reducer {
    struct State: Equatable {
      var before: Int?
      var after: Int?
    }

    enum Action: Equatable, Sendable, Codable { case tapped }

    let inner: Store<Child.State, Child.Action>
    @Dependency(\.storeLuckyNumber) var luckyNumber

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.before = luckyNumber
        inner.send(.tapped)
        state.after = luckyNumber
        return .none
      }
      .dependency(\.storeLuckyNumber, 3)
    }
  }

  @Test func aStoreSentToFromAReduceSeesItsOwnDependenciesAndTheReduceGetsItsOwnBack() async {
    let inner = Store(initialState: Child.State()) {
      Child()
    } withDependencies: {
      $0.storeLuckyNumber = 9
    }
    let outer = Store(initialState: Relay.State()) {
      Relay(inner: inner)
    } withDependencies: {
      $0.storeLuckyNumber = 1
    }
    outer.send(.tapped)
    #expect(inner.state.seen == [9])
    #expect(outer.state.before == 3)
    #expect(outer.state.after == 3)
    while inner.state.heardFromEffect.isEmpty { await Task.yield() }
    #expect(inner.state.heardFromEffect == [9])
  }
}

private enum StoreLuckyNumberKey: DependencyKey {
  static var liveValue: Int { 0 }
  static var testValue: Int? { 0 }
}

extension DependencyValues {
  fileprivate var storeLuckyNumber: Int {
    get { self[StoreLuckyNumberKey.self] }
    set { self[StoreLuckyNumberKey.self] = newValue }
  }
}
