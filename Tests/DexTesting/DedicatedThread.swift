import Foundation

/// Runs blocking work (a loop that waits for effects, a `wait4`) on a thread of its own, so it
/// never holds one of the few threads of the concurrency pool that effects and other tests
/// need.
public func onDedicatedThread<Result: Sendable>(
  _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Swift.Result { try body() })
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
