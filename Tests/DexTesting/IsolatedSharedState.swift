import Composable
import Testing

/// Gives each test a fresh, in-memory container of shared values, so no test sees another's
/// values or the user's files: `@Suite(.isolatedSharedState)`.
public struct IsolatedSharedStateTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let container = SharedContainer(storage: .inMemory) { message in
      Issue.record(Comment(rawValue: message))
    }
    try await SharedContainer.$current.withValue(container) {
      try await function()
    }
  }
}

extension Trait where Self == IsolatedSharedStateTrait {
  /// A fresh, in-memory container of shared values for each test.
  public static var isolatedSharedState: Self { Self() }
}
