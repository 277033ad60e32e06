import DexPlatform

/// Calls of a manual dependency, each waiting for an answer given from outside the store (a
/// debugger's prompt): a client made of `wait(for:answer:standard:)` calls lets a person choose,
/// call by call, what it returns and when.
///
/// ```swift
/// let client = NumberFactClient { number in
///   @Dependency(\.pendingCalls) var calls
///   return try await calls.wait(
///     for: "numberFact.fact(for: \(number))", answer: Result<String, FactError>.self,
///     standard: { "\(number) is a number." })
/// }
/// // elsewhere: calls.waiting → [PendingCall(text: "numberFact.fact(for: 3)", …)]
/// //            calls.answer(call.id, with: .success("3 is odd.")) → the call returns "3 is odd."
/// ```
///
/// A waiting store effect counts as asleep on a manual clock, so the clock's `settle` and a
/// host waiting for quiet do not wait for an answer that only the host can give.
public final class PendingCalls: Sendable {
  private struct Waiting: Sendable {
    let call: PendingCall
    let answer: @Sendable (_ value: (any Sendable)?, _ error: (any Error)?) -> Bool
  }

  private let waiting = LockedValue([Waiting]())
  private let nextID = LockedValue<UInt64>(0)

  /// A registry with no call waiting.
  public init() {}

  /// The calls waiting for an answer, in the order they were made.
  public var calls: [PendingCall] { waiting.withLock { $0.map(\.call) } }

  /// The call the store effect task `taskID` (`RunningEffect.id`) waits on, if any.
  package func call(ofEffectTask taskID: UInt64) -> PendingCall? {
    waiting.withLock { $0.first { $0.call.taskID == taskID && taskID != 0 }?.call }
  }

  /// Waits until the call `text` (`numberFact.fact(for: 3)`) is answered with a value of
  /// `answer` (`Result<Success, Failure>`), then returns its success or throws its failure;
  /// `standard` computes what the dependency would have returned. Throws `CancellationError`
  /// when the calling task is cancelled first.
  public func wait<Success: Sendable & Decodable, Failure: Error & Decodable>(
    for text: String, answer: Result<Success, Failure>.Type,
    standard: @escaping @Sendable () async throws -> Success
  ) async throws -> Success {
    try Task.checkCancellation()
    let id = nextID.withLock { id -> UInt64 in
      id += 1
      return id
    }
    let call = PendingCall(
      id: id, taskID: EffectTaskContext.taskID, text: text,
      answerType: answer, answerTypeName: TypeName.of(answer),
      standard: {
        do { return .success(try await standard()) } catch { return .failure(error) }
      })
    // Parked while it waits, so a manual clock counts it asleep; unparked before it resumes,
    // so a host waiting for quiet sees it running again until it has used the answer.
    let clock = EffectTaskContext.isRunningEffect
      ? DependencyValues.current.overriddenValue(ClockKey.self) as? ManualClock : nil
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Success, any Error>) in
        let resumed = LockedValue(false)
        let answer: @Sendable ((any Sendable)?, (any Error)?) -> Bool = { value, error in
          let result: Result<Success, any Error>
          if let error {
            result = .failure(error)
          } else if let typed = value as? Result<Success, Failure> {
            result = typed.mapError { $0 }
          } else if let success = value as? Success {
            result = .success(success)
          } else {
            return false
          }
          guard !resumed.withLock({ resumed in defer { resumed = true }; return resumed }) else {
            return false
          }
          clock?.unparkEffect()
          continuation.resume(with: result)
          return true
        }
        clock?.parkEffect()
        waiting.withLock { $0.append(Waiting(call: call, answer: answer)) }
        if Task.isCancelled { _ = take(id)?.answer(nil, CancellationError()) }
      }
    } onCancel: {
      _ = take(id)?.answer(nil, CancellationError())
    }
  }

  /// Answers the call `id` with `answer`: success with a value of its answer type
  /// (`Result<Success, Failure>`) or of its success type, or failure with any error. False when
  /// no such call waits or the value is of another type (the call then keeps waiting).
  @discardableResult
  public func answer(_ id: PendingCall.ID, with answer: Result<any Sendable, any Error>) -> Bool {
    guard let waiting = take(id) else { return false }
    let answered: Bool
    switch answer {
    case let .success(value): answered = waiting.answer(value, nil)
    case let .failure(error): answered = waiting.answer(nil, error)
    }
    if !answered { self.waiting.withLock { $0.append(waiting) } }
    return answered
  }

  private func take(_ id: PendingCall.ID) -> Waiting? {
    waiting.withLock { waiting in
      waiting.firstIndex { $0.call.id == id }.map { waiting.remove(at: $0) }
    }
  }
}

/// A call of a manual dependency waiting for an answer (see `PendingCalls`).
public struct PendingCall: Sendable, Identifiable {
  public typealias ID = UInt64

  /// Counts up from 1 per registry.
  public let id: ID
  /// The store effect task that made it (`RunningEffect.id`); 0 outside an effect.
  public let taskID: UInt64
  /// The call as written in Swift with its arguments as values print:
  /// `numberFact.fact(for: 3)`.
  public let text: String
  /// What answers it: `Result<Success, Failure>`.
  public let answerType: any (Decodable & Sendable).Type
  /// Its name: `Result<String, FactError>`.
  public let answerTypeName: String
  /// What the dependency would have answered: its value, or the error it threw.
  public let standard: @Sendable () async -> Result<any Sendable, any Error>
}

extension DependencyValues {
  /// Where the calls of manual dependencies wait for an answer; a host that answers them (a
  /// debugger) sets its own registry.
  public var pendingCalls: PendingCalls {
    get { self[PendingCallsKey.self] }
    set { self[PendingCallsKey.self] = newValue }
  }
}

private enum PendingCallsKey: DependencyKey {
  static let liveValue = PendingCalls()
  static var testValue: PendingCalls? { PendingCalls() }
}
