import Foundation
import DexPlatform

/// Makes UUIDs: random when live, counting up in tests and scripts so that runs repeat exactly.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID; while a reduction is recorded or replayed, the tape's (`GenerationTape`).
  public func callAsFunction() -> UUID {
    guard let tape = GenerationTape.asked else { return generate() }
    guard case let .uuid(value) = tape.next(.uuid, fresh: { .uuid(generate()) }) else {
      return generate()
    }
    return value
  }

  /// Random UUIDs.
  public static var random: Self { Self { UUID() } }

  /// `values` in order; past the last one, an issue is reported and UUIDs count up after it.
  /// For tests that must see the UUIDs a recorded session saw.
  public static func sequence(_ values: [UUID]) -> Self {
    let sequence = ValueSequence(values, name: "uuid") { UUID(counting: UInt64($0 + 1)) }
    return Self { sequence.next() }
  }

  /// `00000000-0000-0000-0000-000000000001`, then `…0002`, and so on.
  public static var incrementing: Self { incrementing(after: 0) }

  /// `UUID(counting: count + 1)`, then the next, and so on: counting on after UUIDs already
  /// made, so a new value never takes an id another has.
  /// Past the last counting UUID (`UUID(counting: .max)`, which only a hand-written value
  /// reaches) they are random: counting on would take ids others have.
  public static func incrementing(after count: UInt64) -> Self {
    let counter = LockedValue<UInt64?>(count)
    return Self {
      let next = counter.withLock { value -> UInt64? in
        value = value.flatMap { $0 == .max ? nil : $0 + 1 }
        return value
      }
      return next.map(UUID.init(counting:)) ?? UUID()
    }
  }
}

extension UUID {
  /// The UUID whose last 16 hex digits are `value`: `UUID(counting: 1)` is
  /// `00000000-0000-0000-0000-000000000001`, `UUID(counting: 1 << 48)` is
  /// `00000000-0000-0000-0001-000000000000` (counting never wraps back to a taken id).
  public init(counting value: UInt64) {
    let hex = String(value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    self =
      UUID(uuidString: "00000000-0000-0000-\(padded.prefix(4))-\(padded.suffix(12))") ?? UUID()
  }

  /// N for `UUID(counting: N)`; nil for any other UUID.
  public var countingValue: UInt64? {
    let text = uuidString
    let prefix = "00000000-0000-0000-"
    guard text.hasPrefix(prefix) else { return nil }
    return UInt64(text.dropFirst(prefix.count).filter { $0 != "-" }, radix: 16)
  }
}

extension DependencyValues {
  /// Makes UUIDs for new values (new todos, say).
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

enum UUIDGeneratorKey: DependencyKey {
  static var liveValue: UUIDGenerator { .random }
}
