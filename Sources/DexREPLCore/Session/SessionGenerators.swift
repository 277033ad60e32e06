import Foundation
import Composable

/// The session's `uuid`, `date` and `stackElementID` dependencies: a mode each (`dep uuid random`), and the values
/// a script asked reducers to get next (`dep uuid next …`), so a recorded session replays with
/// the very UUIDs it made.
final class SessionGenerators: @unchecked Sendable {
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

  private let lock = NSLock()
  private var uuidBase: UUIDGenerator
  private var dateBase: DateGenerator
  private var queued: [GeneratedValue] = []

  init(uuids: UUIDMode, dates: DateMode) {
    currentUUIDMode = uuids
    uuidBase = Self.generator(uuids)
    dateBase = Self.generator(dates)
  }

  /// The `uuid` dependency: a queued UUID for a reducer, else the mode's.
  var uuid: UUIDGenerator {
    UUIDGenerator { [self] in
      if case let .uuid(value)? = takeQueued(.uuid) { return value }
      return lock.withLock { uuidBase }()
    }
  }

  /// The `date` dependency: a queued date for a reducer, else the mode's.
  var date: DateGenerator {
    DateGenerator { [self] in
      if case let .date(value)? = takeQueued(.date) { return value }
      return lock.withLock { dateBase }.now
    }
  }

  /// How UUIDs are made now.
  var uuidMode: UUIDMode { lock.withLock { currentUUIDMode } }
  private var currentUUIDMode: UUIDMode

  /// Makes UUIDs as `mode` says from now on; `incrementing` counts on after `count`.
  func setUUIDs(_ mode: UUIDMode, countingAfter count: UInt64 = 0) {
    lock.withLock {
      currentUUIDMode = mode
      uuidBase = mode == .incrementing ? .incrementing(after: count) : Self.generator(mode)
    }
  }

  /// Tells the date as `mode` says from now on.
  func setDates(_ mode: DateMode) {
    lock.withLock { dateBase = Self.generator(mode) }
  }

  /// Queues `values` for the next reducers that ask for values of their kinds.
  func enqueue(_ values: [GeneratedValue]) {
    lock.withLock { queued += values }
  }

  /// How many queued values no reducer asked for yet.
  var queuedCount: Int { lock.withLock { queued.count } }

  /// The first queued value of `kind`, taken only while a reducer runs (effects make their own).
  private func takeQueued(_ kind: GeneratedValue.Kind) -> GeneratedValue? {
    guard GenerationTape.current != nil else { return nil }
    return lock.withLock {
      guard let index = queued.firstIndex(where: { $0.kind == kind }) else { return nil }
      return queued.remove(at: index)
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
