import DexPlatform
import Foundation
import StoreInspector
import Testing

/// A roster of at most three ids, each a UUID its reduction takes from outside, the way a
/// reducer takes one from a `uuid` dependency: recorded values first, else fresh ones.
private struct Roster: Equatable, Sendable {
  var ids: [UUID] = []
  var favorites: Set<Int> = []
}

private enum RosterAction: Equatable, Sendable {
  case addTapped
  case favoriteToggled(Int)
  case favoritesChangedElsewhere(Set<Int>)
}

/// Fresh UUIDs count up from 100, so a test can tell them from recorded ones.
private final class FreshUUIDs: Sendable {
  private let next = LockedValue<UInt8>(100)

  func make() -> UUID {
    next.withLock { next in
      defer { next += 1 }
      return uuid(next)
    }
  }
}

private func uuid(_ byte: UInt8) -> UUID {
  UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte))
}

private func rosterHistory(fresh: FreshUUIDs) -> History<Roster, RosterAction> {
  History(initial: Roster(), keyframeInterval: 4, reduce: reduceRoster(fresh: fresh))
}

private func reduceRoster(fresh: FreshUUIDs) -> History<Roster, RosterAction>.Reduce {
  { roster, action, values in
    switch action {
    case .addTapped:
      guard roster.ids.count < 3 else { return [] }
      let id: UUID
      if case .uuid(let recorded)? = values.first { id = recorded } else { id = fresh.make() }
      roster.ids.append(id)
      return [.uuid(id)]
    case .favoriteToggled(let id):
      roster.favorites.formSymmetricDifference([id])
      return []
    case .favoritesChangedElsewhere(let favorites):
      roster.favorites = favorites
      return []
    }
  }
}

/// Records three adds of ids 1, 2, 3 as a live store would; returns the full roster.
@discardableResult
private func recordThreeAdds(in history: inout History<Roster, RosterAction>) -> Roster {
  var roster = Roster()
  for byte: UInt8 in 1...3 {
    roster.ids.append(uuid(byte))
    history.record(.addTapped, moment: roster, recorded: [.uuid(uuid(byte))])
  }
  return roster
}

@Suite struct HistoryRecordedValuesTests {
  @Test func skippingRecomputesLaterEntriesWithTheirRecordedValues() throws {
    var history = rosterHistory(fresh: FreshUUIDs())
    recordThreeAdds(in: &history)
    try history.skip(1)
    #expect(history.currentMoment.ids == [uuid(2), uuid(3)])
    #expect(history.log.map(\.isDrifted) == [false, false, false])
    try history.unskip(1)
    #expect(history.currentMoment.ids == [uuid(1), uuid(2), uuid(3)])
  }

  @Test func anEntryThatNeedsMoreValuesThanItRecordedDriftsAndKeepsWhatItWasGiven() throws {
    let fresh = FreshUUIDs()
    var history = rosterHistory(fresh: fresh)
    let roster = recordThreeAdds(in: &history)
    history.record(.addTapped, moment: roster)  // refused: the roster is full, nothing recorded
    try history.skip(2)
    #expect(history.currentMoment.ids == [uuid(1), uuid(3), uuid(100)])
    #expect(history.log.map(\.isDrifted) == [false, false, false, true])
    #expect(try history.entry(4).replayed == [.uuid(uuid(100))])
    // Reading the moment again, and skipping again, reuse the value instead of making another.
    #expect(try history.moment(at: 4).ids == [uuid(1), uuid(3), uuid(100)])
    try history.skip(1)
    #expect(history.currentMoment.ids == [uuid(3), uuid(100)])
    try history.unskip(1)
    try history.unskip(2)
    #expect(history.currentMoment.ids == [uuid(1), uuid(2), uuid(3)])
    #expect(history.log.map(\.isDrifted) == [false, false, false, false])
  }

  @Test func backAndForwardPassExternalEntriesBy() throws {
    var history = rosterHistory(fresh: FreshUUIDs())
    history.record(.favoriteToggled(1), moment: Roster(favorites: [1]))
    history.record(
      .favoritesChangedElsewhere([1, 4]), origin: .external, moment: Roster(favorites: [1, 4]))
    try history.back()
    #expect(history.currentEntry == .initial)
    try history.forward()
    #expect(history.currentEntry == 2, "forward passes the external entry after the sent one")
    #expect(throws: HistoryError.cannotGoForward(requested: 1, available: 0)) {
      try history.forward()
    }
  }

  @Test func ownChangesLeaveExternalEntriesOutAndUndoInReverse() throws {
    var history = rosterHistory(fresh: FreshUUIDs())
    history.record(.favoriteToggled(1), moment: Roster(favorites: [1]))
    history.record(
      .favoritesChangedElsewhere([1, 4]), origin: .external, moment: Roster(favorites: [1, 4]))
    history.record(.favoriteToggled(7), moment: Roster(favorites: [1, 4, 7]))
    let back = try history.ownChanges(from: 3, to: 0) { $0.favorites }
    #expect(back.map(\.old) == [[1, 4, 7], [1]])
    #expect(back.map(\.new) == [[1, 4], []])
    try history.jump(to: 0)
    history.record(.favoriteToggled(9), moment: Roster(favorites: [9]))
    let across = try history.ownChanges(from: 4, to: 1) { $0.favorites }
    #expect(across.map(\.old) == [[9], []])
    #expect(across.map(\.new) == [[], [1]])
  }

  @Test func recordedAndReplayedValuesSurviveExportAndImport() throws {
    let fresh = FreshUUIDs()
    var history = rosterHistory(fresh: fresh)
    let roster = recordThreeAdds(in: &history)
    history.record(.addTapped, moment: roster)
    try history.skip(2)
    let data = try history.exportSession(
      encodeMoment: { _ in .object([]) },
      encodeAction: { _ in .string(".addTapped") })
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""recorded": [{"uuid": "00000000-0000-0000-0000-000000000001"}]"#))
    #expect(text.contains(#""replayed": [{"uuid": "00000000-0000-0000-0000-000000000064"}]"#))
    let (imported, _) = try History<Roster, RosterAction>.importSession(
      from: data, keyframeInterval: 4, reduce: reduceRoster(fresh: FreshUUIDs()),
      decodeMoment: { _ in Roster() }, decodeAction: { _, _ in .addTapped })
    #expect(imported.currentMoment.ids == [uuid(1), uuid(3), uuid(100)])
    #expect(imported.log.map(\.isDrifted) == [false, false, false, true])
  }

  @Test func aVersionOneSessionMakesItsValuesAgainAndMarksWhatDrifted() throws {
    let text = """
      {"format": "dex-session", "version": 1, "current": 2, "initial": {},
       "entries": [{"number": 1, "parent": 0, "origin": "sent", "action": ".addTapped"},
                   {"number": 2, "parent": 1, "origin": "sent", "action": ".addTapped"}]}
      """
    let (imported, _) = try History<Roster, RosterAction>.importSession(
      from: Data(text.utf8), reduce: reduceRoster(fresh: FreshUUIDs()),
      decodeMoment: { _ in Roster() }, decodeAction: { _, _ in .addTapped })
    #expect(imported.currentMoment.ids == [uuid(100), uuid(101)])
    #expect(imported.log.map(\.isDrifted) == [true, true])
  }
}
