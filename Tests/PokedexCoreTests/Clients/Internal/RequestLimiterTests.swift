import DexPlatform
import Foundation
import Testing

@testable import PokedexCore
import Composable

@Suite struct RequestLimiterTests {
  @Test func noMoreThanTheLimitRunAtOnceAndAllRun() async throws {
    let limiter = RequestLimiter(limit: 3)
    let counts = LockedValue((running: 0, most: 0, finished: 0))

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask {
          try await limiter.run {
            counts.withLock {
              $0.running += 1
              $0.most = max($0.most, $0.running)
            }
            try await Task.sleep(for: .milliseconds(5))
            counts.withLock {
              $0.running -= 1
              $0.finished += 1
            }
          }
        }
      }
      try await group.waitForAll()
    }

    #expect(counts.withLock { $0.most } == 3)
    #expect(counts.withLock { $0.finished } == 20)
  }

  @Test func aCancelledWaiterStopsWaitingAndTakesNoSlot() async throws {
    let limiter = RequestLimiter(limit: 1)
    let started = AsyncStream<Void>.makeStream()
    let release = AsyncStream<Void>.makeStream()
    let holder = Task {
      try await limiter.run {
        started.continuation.yield()
        for await _ in release.stream { break }
      }
    }
    for await _ in started.stream { break }

    let waiter = Task { try await limiter.run { "ran" } }
    try await Task.sleep(for: .milliseconds(20))
    waiter.cancel()

    await #expect(throws: CancellationError.self) { try await waiter.value }
    release.continuation.yield()
    try await holder.value
    #expect(try await limiter.run { "ran" } == "ran")
  }
}
