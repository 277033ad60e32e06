import DexTesting
import Composable
import Foundation
import Testing

/// Sending and receiving by case, as TCA's case key paths do (`\.delegate.success` reaches
/// into a nested case-tabled enum): scenarios of TCA's TestStoreTests and
/// TestStoreNonExhaustiveTests.
@Suite(.isolatedSharedState) struct TestStoreCasePathTests {
  /// A tap that reports success to its parent, and a view with a tap and a delete.
  struct Delegating: Reducer {
    enum Action: Equatable, Sendable, Codable {
      case tap
      case delegate(Delegate)
      case view(View)

      enum Delegate: Equatable, Sendable, Codable, CasePathable {
        case success(Int)
      }

      enum View: Equatable, Sendable, Codable, CasePathable {
        case tap
        case delete(IndexSet)
      }
    }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return .send(.delegate(.success(42)))
      case .delegate:
        return .none
      case .view(.tap):
        state += 1
        return .send(.delegate(.success(42 * 42)))
      case let .view(.delete(indexSet)):
        let sum = indexSet.reduce(0, +)
        if sum == 42 { state += 1 }
        return .send(.delegate(.success(sum)))
      }
    }
  }

  static func store(
    _ failures: Recorder
  ) -> TestStore<Int, Delegating.Action> {
    TestStore(initialState: 0) {
      Delegating()
    } reportFailure: { message, _ in
      failures.record(message)
    }
  }

  /// TCA's testReceiveCaseKeyPathWithValue: the case and its payload are asserted; another
  /// payload fails with the diff of the two actions.
  @Test func receivingACaseWithAValueChecksThePayload() async {
    let failures = Recorder()
    let store = Self.store(failures)
    await store.send(.tap)
    await store.receive(\.delegate.success, 42)
    #expect(failures.all.isEmpty)

    await store.send(.tap)
    await store.receive(\.delegate.success, 43)
    #expect(
      failures.all == [
        """
        Received an unexpected action. Assert the action that was received instead:
        (Expected: −, Actual: +)
          .delegate(
            .success(
        -     43
        +     42
            )
          )
        """
      ])
  }

  /// TCA's testSendCaseKeyPath: a case without payload, one with, and nested ones.
  @Test func sendingByCase() async {
    let failures = Recorder()
    let store = Self.store(failures)
    await store.send(\.tap)
    await store.receive(\.delegate.success, 42)
    await store.send(\.view.tap) { $0 = 1 }
    await store.receive(\.delegate.success, 42 * 42)
    await store.send(\.view.delete, [0])
    await store.receive(\.delegate.success, 0)
    await store.send(\.view.delete, [19, 23]) { $0 = 2 }
    await store.receive(\.delegate.success, 42)
    #expect(failures.all.isEmpty)
  }

  typealias Receiving = TestStoreNonExhaustiveTests.Receiving

  static func receiving(
    _ failures: Recorder, exhaustivity: TestStore<Receiving.State, Receiving.Action>.Exhaustivity
  ) -> TestStore<Receiving.State, Receiving.Action> {
    // What a non-exhaustive store skips is not what these tests look at.
    let store = TestStore(
      initialState: Receiving.State(), reducer: { Receiving() },
      reportFailure: { message, _ in failures.record(message) },
      reportSkippedAssertion: { _, _ in })
    store.exhaustivity = exhaustivity
    return store
  }

  /// TCA's testCasePathReceive_Exhaustive.
  @Test func anExhaustiveStoreReceivesByCase() async {
    let failures = Recorder()
    let store = Self.receiving(failures, exhaustivity: .on)
    await store.send(.onAppear)
    await store.receive(\.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(\.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(failures.all.isEmpty)
  }

  /// TCA's testCasePathReceive_PartialExhaustive and _NonExhaustive.
  @Test(arguments: [
    TestStore<Receiving.State, Receiving.Action>.Exhaustivity.off,
    .off(showSkippedAssertions: true),
  ])
  func aNonExhaustiveStoreReceivesByCase(
    exhaustivity: TestStore<Receiving.State, Receiving.Action>.Exhaustivity
  ) async {
    let failures = Recorder()
    let store = Self.receiving(failures, exhaustivity: exhaustivity)
    await store.send(.onAppear)
    await store.receive(\.response1) { $0.int = 42 }
    await store.receive(\.response2) { $0.string = "Hello" }
    #expect(failures.all.isEmpty)
  }

  /// TCA's testCasePathReceive_SkipReceivedAction.
  @Test func receivingALaterCaseSkipsTheActionsBefore() async {
    let failures = Recorder()
    let store = Self.receiving(failures, exhaustivity: .off)
    await store.send(.onAppear)
    await store.receive(\.response2) { $0.string = "Hello" }
    #expect(store.state == Receiving.State(count: 2, int: 42, string: "Hello"))
    #expect(failures.all.isEmpty)
  }

  /// TCA's testCasePathReceive_WrongAction: a case never received fails at once (no effect
  /// could still send it) and leaves the received actions for the next assertions.
  @Test func aCaseNeverReceivedFailsAndLeavesTheOthers() async {
    let failures = Recorder()
    let store = Self.receiving(failures, exhaustivity: .off)
    await store.send(.onAppear)
    await store.receive(\.onAppear)
    await store.receive(\.response1)
    await store.receive(\.response2)
    #expect(
      failures.all == [
        """
        Expected to receive an action of case .onAppear, but none was received and no effect is \
        running that could send it.
        """
      ])
  }

  /// TCA's testCasePathReceive_ReceivedExtraAction.
  @Test func receivingACaseTwiceWhenItCameOnceFails() async {
    let failures = Recorder()
    let store = Self.receiving(failures, exhaustivity: .off)
    await store.send(.onAppear)
    await store.receive(\.response2)
    await store.receive(\.response2)
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.hasPrefix("Expected to receive an action of case .response2") == true)
  }

  /// An exhaustive store receiving the wrong case fails naming both.
  @Test func anExhaustiveStoreReceivingAnotherCaseFails() async {
    let failures = Recorder()
    let store = Self.receiving(failures, exhaustivity: .on)
    await store.send(.onAppear)
    await store.receive(\.response2)
    await store.skipReceivedActions()
    #expect(
      failures.all.first == """
        Received an unexpected action. Assert the action that was received instead:
        Expected: an action of case .response2
        Received: .response1(42)
        """)
  }

  /// A payload that is not Equatable (Codable, as every action payload is in dex).
  struct NonEquatable: Sendable, Codable {}

  struct Responding: Reducer {
    enum Action: Sendable, Codable {
      case tap
      case response(NonEquatable)
    }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tap: .send(.response(NonEquatable()))
      case .response: .none
      }
    }
  }

  /// TCA's testCasePathReceive_Exhaustive_NonEquatable and
  /// testPredicateReceive_Exhaustive_NonEquatable: actions need not be Equatable to be received
  /// by case or by predicate.
  @Test func actionsThatAreNotEquatableAreReceivedByCaseOrPredicate() async {
    let failures = Recorder()
    let store = TestStore(initialState: 0) {
      Responding()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.tap)
    await store.receive(\.response)
    await store.send(.tap)
    await store.receive {
      if case .response = $0 { true } else { false }
    }
    #expect(failures.all.isEmpty)
  }
}
