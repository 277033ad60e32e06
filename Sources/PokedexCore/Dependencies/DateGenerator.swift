import Foundation

/// Tells the current date: the system's when live, a fixed one in tests and scripts.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date.
  public var now: Date { generate() }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// The system's date.
  public static var system: Self { Self { Date() } }

  /// Always `date`.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

extension DependencyValues {
  /// The current date (history timestamps).
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

enum DateGeneratorKey: DependencyKey {
  static var liveValue: DateGenerator { .system }
}
