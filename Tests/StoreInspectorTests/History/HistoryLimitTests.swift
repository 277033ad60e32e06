import Testing

@testable import StoreInspector

struct HistoryLimitTests {
  @Test func beyondTheLimitTheOldestEntriesFoldIntoTheInitialMoment() throws {
    var session = ToySession(limit: 3)
    for _ in 1...5 { session.send(.incrementTapped) }
    let history = session.history
    #expect(history.count == 3)
    #expect(history.initialMoment.count == 2)
    #expect(history.currentBranch == [3, 4, 5])
    #expect(try history.moment(at: 0).count == 2)
    #expect(try history.moment(at: 4).count == 4)
    #expect(throws: HistoryError.foldedEntry(1)) { try history.moment(at: 1) }
  }

  @Test func foldingDropsBranchesThatLeftBeforeTheFoldedEntry() throws {
    var session = ToySession(limit: 4)
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    try session.travel { try $0.jump(to: 0) }
    session.send(.decrementTapped)
    session.send(.decrementTapped)
    #expect(session.history.branches.count == 2)
    session.send(.decrementTapped)
    #expect(session.history.count == 2)
    #expect(session.history.branches.map(\.head) == [5])
    #expect(session.history.initialMoment.count == -1)
    #expect(throws: HistoryError.foldedEntry(2)) { try session.history.jump(to: 2) }
  }

  @Test func loweringTheLimitFoldsAtOnceButNeverPastTheCursor() throws {
    var session = ToySession()
    for _ in 1...6 { session.send(.incrementTapped) }
    try session.travel { try $0.jump(to: 2) }
    session.history.limit = 1
    #expect(session.history.currentEntry == 0)
    #expect(session.history.initialMoment.count == 2)
    #expect(session.history.count == 4)
    #expect(session.state.count == 2)
    try session.travel { try $0.forward(4) }
    #expect(session.state.count == 6)
  }

  @Test func aLimitOfZeroKeepsOnlyTheInitialMoment() {
    var session = ToySession(limit: 0)
    for _ in 1...3 { session.send(.incrementTapped) }
    #expect(session.history.count == 0)
    #expect(session.history.currentEntry == 0)
    #expect(session.history.initialMoment.count == 3)
    #expect(session.history.branches.isEmpty)
  }

  @Test func foldedStorageIsReclaimedOverALongSession() {
    var session = ToySession(limit: 10)
    for _ in 1...5_000 { session.send(.incrementTapped) }
    #expect(session.history.count == 10)
    #expect(session.history.links.count < 2_100)
    #expect(session.history.currentMoment.count == 5_000)
    #expect(session.history.log.first?.id == 4_991)
  }
}
