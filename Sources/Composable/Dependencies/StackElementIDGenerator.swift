import DexPlatform

/// Makes the ids of the elements pushed onto a `StackState`: `0`, `1`, `2`… in the order of
/// the pushes. Each store counts on its own from `0`, so a test or a replayed script sees the
/// same ids every run; while a reduction is recorded or replayed the tape's ids come first
/// (`GenerationTape`).
///
/// ```swift
/// @Dependency(\.stackElementID) var stackElementID
/// stackElementID.next()  // 0
/// stackElementID.peek()  // 1
/// ```
public struct StackElementIDGenerator: Sendable {
  /// The generation the next id gets.
  private let counter: LockedValue<Int>

  /// A generator whose first id is `generation`.
  public static func incrementing(from generation: Int) -> Self {
    Self(counter: LockedValue(generation))
  }

  /// A generator counting from `0`.
  public static var incrementing: Self { incrementing(from: 0) }

  /// A new id; while a reduction is recorded or replayed, the tape's.
  public func next() -> StackElementID {
    guard let tape = GenerationTape.asked,
      case let .stackElementID(generation) = tape.next(
        .stackElementID, fresh: { .stackElementID(take()) })
    else { return StackElementID(generation: take()) }
    return StackElementID(generation: generation)
  }

  /// The id `next()` makes unless a tape hands one back, without making it.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.withLock { $0 })
  }

  /// Counts on from `generation` (a debugger going back in time counts from where the
  /// reductions it keeps had counted).
  public func reset(to generation: Int) {
    counter.withLock { $0 = generation }
  }

  private func take() -> Int {
    counter.withLock { value in
      defer { value = value == .max ? value : value + 1 }
      return value
    }
  }
}

extension DependencyValues {
  /// Makes the ids of pushed stack elements. A store gets a generator of its own, counting
  /// from 0, unless it is given one.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}

enum StackElementIDGeneratorKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .incrementing }
  static var testValue: StackElementIDGenerator? { .incrementing }
}
