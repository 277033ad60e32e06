import Composable
import DexPlatform
import Foundation

/// The session's `uuid`, `date` and `stackElementID` dependencies: a mode each (`dep uuid random`), and the values
/// a script asked reducers to get next (`dep uuid next …`), so a recorded session replays with
/// the very UUIDs it made.
final class SessionGenerators: Sendable {
  /// How UUIDs are made.
  enum UUIDMode: String, CaseIterable, Sendable {
    /// `…0001`, `…0002`, …: the same every run.
    case incrementing
    /// Random, as in an app.
    case random
  }

  /// How the date is told.
  enum DateMode: String, CaseIterable, Sendable {
    /// Always 2026-01-01T00:00:00Z: the same every run.
    case fixed
    /// The system's clock.
    case system
  }

  /// The date `DateMode.fixed` tells.
  static let fixedDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

  /// The `stackElementID` dependency: counted per branch (see `DexSession`), so that a branch
  /// numbers its pushes as a replay of it does.
  let stackElementID = StackElementIDGenerator.incrementing

  private let state: LockedValue<State>

  /// The modes and the queue, which reducers on any thread read.
  private struct State {
    var uuidMode: UUIDMode
    var uuidBase: UUIDGenerator
    var dateBase: DateGenerator
    var queued: [GeneratedValue] = []
  }

  init(uuids: UUIDMode, dates: DateMode) {
    state = LockedValue(
      State(uuidMode: uuids, uuidBase: Self.generator(uuids), dateBase: Self.generator(dates)))
  }

  /// The `uuid` dependency: a queued UUID for a reducer, else the mode's.
  var uuid: UUIDGenerator {
    UUIDGenerator { [self] in
      if case let .uuid(value)? = takeQueued(.uuid) { return value }
      return state.withLock { $0.uuidBase }()
    }
  }

  /// The `date` dependency: a queued date for a reducer, else the mode's.
  var date: DateGenerator {
    DateGenerator { [self] in
      if case let .date(value)? = takeQueued(.date) { return value }
      return state.withLock { $0.dateBase }.now
    }
  }

  /// How UUIDs are made now.
  var uuidMode: UUIDMode { state.withLock { $0.uuidMode } }

  /// Makes UUIDs as `mode` says from now on; `incrementing` counts on after `count`.
  func setUUIDs(_ mode: UUIDMode, countingAfter count: UInt64 = 0) {
    state.withLock {
      $0.uuidMode = mode
      $0.uuidBase = mode == .incrementing ? .incrementing(after: count) : Self.generator(mode)
    }
  }

  /// Tells the date as `mode` says from now on.
  func setDates(_ mode: DateMode) {
    state.withLock { $0.dateBase = Self.generator(mode) }
  }

  /// Queues `values` for the next reducers that ask for values of their kinds.
  func enqueue(_ values: [GeneratedValue]) {
    state.withLock { $0.queued += values }
  }

  /// How many queued values no reducer asked for yet.
  var queuedCount: Int { state.withLock { $0.queued.count } }

  /// The first queued value of `kind`, taken only while a reducer runs (effects make their own).
  private func takeQueued(_ kind: GeneratedValue.Kind) -> GeneratedValue? {
    guard GenerationTape.current != nil else { return nil }
    return state.withLock { state in
      guard let index = state.queued.firstIndex(where: { $0.kind == kind }) else { return nil }
      return state.queued.remove(at: index)
    }
  }

  private static func generator(_ mode: UUIDMode) -> UUIDGenerator {
    switch mode {
    case .incrementing: .incrementing
    case .random: .random
    }
  }

  private static func generator(_ mode: DateMode) -> DateGenerator {
    switch mode {
    case .fixed: .constant(fixedDate)
    case .system: .system
    }
  }
}
