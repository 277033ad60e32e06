import Foundation

/// Records the values dependencies make while a reducer runs, or hands recorded ones back.
///
/// While a tape is installed on a thread (`run(_:)`), the `uuid` and `date` dependencies ask it
/// first. A recording tape lets the dependency make the value and keeps it; a replaying tape
/// gives back, kind by kind and in order, the values it was made with, so that repeating a
/// reduction makes the same UUIDs. When a replay asks for more values of a kind than were
/// recorded (the reduction's inputs changed), the dependency makes fresh ones, kept in `extra`:
/// the replay has *drifted*.
///
/// ```swift
/// let tape = GenerationTape()
/// tape.run { _ = reduce(&state, .addTapped) }        // tape.values == [.uuid(A)]
/// let replay = GenerationTape(replaying: tape.values)
/// replay.run { _ = reduce(&copy, .addTapped) }       // makes A again; replay.extra == []
/// ```
public final class GenerationTape {
  private let recorded: [GeneratedValue]
  private var consumed: [Bool]
  /// The next recorded index to look at, by kind.
  private var cursors: [GeneratedValue.Kind: Int] = [:]
  /// Every value handed out, in order.
  public private(set) var values: [GeneratedValue] = []
  /// The values handed out beyond those recorded (made fresh): non-empty when a replay drifted.
  public private(set) var extra: [GeneratedValue] = []

  /// A tape that records what dependencies make.
  public convenience init() {
    self.init(replaying: [])
  }

  /// A tape that hands back `recorded`, kind by kind in order, before making fresh values.
  public init(replaying recorded: [GeneratedValue]) {
    self.recorded = recorded
    self.consumed = Array(repeating: false, count: recorded.count)
  }

  /// The tape installed on this thread, if a reduction is being recorded or replayed.
  public static var current: GenerationTape? { ThreadEnvironment.currentTape }

  /// Runs `body` with this tape installed on the thread.
  public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    let box = ThreadEnvironment.install()
    let previous = box.tape
    box.tape = self
    defer { box.tape = previous }
    return try body()
  }

  /// Whether the tape is making a fresh value: a generator that wraps another one asks the tape
  /// only once.
  private(set) var isMakingFresh = false

  /// The tape to ask for a value on this thread: nil when there is none, or when it is already
  /// making the value being asked for (a wrapped generator).
  static var asked: GenerationTape? {
    guard let tape = current, !tape.isMakingFresh else { return nil }
    return tape
  }

  /// The next value of `kind`: a recorded one, else `fresh()`, kept.
  func next(
    _ kind: GeneratedValue.Kind, fresh: () -> GeneratedValue
  ) -> GeneratedValue {
    var index = cursors[kind] ?? 0
    while index < recorded.count, consumed[index] || recorded[index].kind != kind {
      index += 1
    }
    let value: GeneratedValue
    if index < recorded.count {
      consumed[index] = true
      cursors[kind] = index + 1
      value = recorded[index]
    } else {
      cursors[kind] = recorded.count
      isMakingFresh = true
      value = fresh()
      isMakingFresh = false
      extra.append(value)
    }
    values.append(value)
    return value
  }
}
