import Composable
import DexPlatform

/// Lets at most `limit` operations run at once; the others wait their turn in the order they
/// came. A waiting task that is cancelled stops waiting with a `CancellationError`.

final class RequestLimiter: Sendable {
  private typealias Waiter = (id: UInt64, continuation: CheckedContinuation<Void, any Error>)

  private struct State: Sendable {
    var running = 0
    var nextWaiter: UInt64 = 0
    var waiters: [Waiter] = []
  }

  let limit: Int
  private let state = LockedValue(State())

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Runs `operation` once fewer than `limit` others are running.
  func run<Value>(_ operation: () async throws -> Value) async throws -> Value {
    try await acquire()
    defer { release() }
    return try await operation()
  }

  private func acquire() async throws {
    let id = state.withLock { state -> UInt64? in
      guard state.running == limit else {
        state.running += 1
        return nil
      }
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = state.withLock { state -> Bool in
          if Task.isCancelled { return true }
          state.waiters.append((id, continuation))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Hands the slot to the first waiter, or frees it.
  private func release() {
    let waiter = state.withLock { state -> Waiter? in
      guard !state.waiters.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.continuation.resume()
  }
}
