import Foundation

/// Tells the current date: the system's when live, a fixed one in tests and scripts.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date; while a reduction is recorded or replayed, the tape's
  /// (`GenerationTape`).
  public var now: Date {
    guard let tape = GenerationTape.asked else { return generate() }
    guard case let .date(value) = tape.next(.date, fresh: { .date(generate()) }) else {
      return generate()
    }
    return value
  }

  /// The current date (as `now`).
  public func callAsFunction() -> Date { now }

  /// `values` in order; past the last one, an issue is reported and the last date repeats.
  /// For tests that must see the dates a recorded session saw.
  public static func sequence(_ values: [Date]) -> Self {
    let sequence = ValueSequence(values, name: "date") { _ in
      values.last ?? Date(timeIntervalSince1970: 0)
    }
    return Self { sequence.next() }
  }

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
