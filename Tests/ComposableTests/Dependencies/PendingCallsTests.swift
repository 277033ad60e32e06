@testable import Composable
import Foundation
import Testing

/// Calls that wait for an answer given from outside: answered with a value of the call's
/// result type, in any order, refused with another type, ended by cancellation.
@Suite struct PendingCallsTests {
  struct FactError: Error, Equatable, Codable {
    var reason: String
  }

  /// Starts a call of `number` and waits until it is listed.
  private func call(
    _ number: Int, on calls: PendingCalls
  ) async -> Task<String, any Error> {
    let listed = calls.calls.count
    let task = Task {
      try await calls.wait(
        for: "numberFact.fact(for: \(number))", answer: Result<String, FactError>.self,
        standard: { "\(number) is a number." })
    }
    while calls.calls.count == listed { await Task.yield() }
    return task
  }

  @Test func callsAnsweredInAnotherOrderEachReturnTheirOwnAnswer() async throws {
    let calls = PendingCalls()
    let first = await call(1, on: calls)
    let second = await call(2, on: calls)
    #expect(calls.calls.map(\.text) == ["numberFact.fact(for: 1)", "numberFact.fact(for: 2)"])
    #expect(calls.calls.first?.answerTypeName == "Result<String, PendingCallsTests.FactError>")
    let ids = calls.calls.map(\.id)
    #expect(calls.answer(ids[1], with: .success(Result<String, FactError>.success("2 is even."))))
    #expect(try await second.value == "2 is even.")
    #expect(calls.answer(ids[0], with: .success(Result<String, FactError>.failure(.init(reason: "no")))))
    await #expect(throws: FactError(reason: "no")) { try await first.value }
    #expect(calls.calls.isEmpty)
  }

  @Test func anAnswerOfAnotherTypeIsRefusedAndTheCallKeepsWaiting() async throws {
    let calls = PendingCalls()
    let task = await call(3, on: calls)
    let id = try #require(calls.calls.first?.id)
    #expect(!calls.answer(id, with: .success(3)))
    #expect(calls.calls.map(\.id) == [id])
    let standard = await calls.calls[0].standard()
    #expect((try? standard.get()) as? String == "3 is a number.")
    #expect(calls.answer(id, with: standard))
    #expect(try await task.value == "3 is a number.")
    #expect(!calls.answer(id, with: standard))
  }

  @Test func aCancelledCallThrowsCancellationAndIsNoLongerListed() async {
    let calls = PendingCalls()
    let task = await call(4, on: calls)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(calls.calls.isEmpty)
  }

  /// A feature whose effect asks a number fact through `pendingCalls`.
  struct Asking: Reducer {
    struct State: Equatable {
      var fact: String?
    }

    enum Action: Equatable, Sendable, Codable {
      case askTapped
      case factLoaded(String)
    }

    @Dependency(\.pendingCalls) var calls

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .askTapped:
          return .run { send in
            let fact = try? await calls.wait(
              for: "numberFact.fact(for: 7)", answer: Result<String, FactError>.self,
              standard: { "7 is a number." })
            await send(.factLoaded(fact ?? "no fact"))
          }
        case let .factLoaded(fact):
          state.fact = fact
          return .none
        }
      }
    }
  }

  @Test func aStoreEffectWaitingForAnAnswerCountsAsAsleepOnAManualClock() async throws {
    let clock = ManualClock()
    let calls = PendingCalls()
    let store = Store(initialState: Asking.State()) {
      Asking()
    } withDependencies: {
      $0.clock = clock
      $0.pendingCalls = calls
    }
    let task = store.send(.askTapped)
    while calls.calls.isEmpty { await Task.yield() }
    #expect(clock.isQuiescent)
    let call = try #require(calls.calls.first)
    #expect(call.taskID == store.runningEffects.first?.id)
    #expect(calls.answer(call.id, with: .success("7 is lucky.")))
    await task.finish()
    #expect(store.state.fact == "7 is lucky.")
    #expect(clock.isQuiescent)
    #expect(store.runningEffects.isEmpty)
  }
}
