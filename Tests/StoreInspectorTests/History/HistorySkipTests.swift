import Testing

@testable import StoreInspector

struct HistorySkipTests {
  @Test func skippingAnEntryRecomputesEveryLaterMomentAsIfItHadNotHappened() throws {
    var session = ToySession(keyframeInterval: 2)
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    session.send(.addTapped(title: "milk"))
    session.send(.incrementTapped)
    session.send(.toggled(id: 1))
    try session.travel { try $0.skip(2) }
    #expect(try session.history.entry(2).isSkipped)
    #expect(try session.history.moment(at: 2) == TodoApp(count: 1))
    #expect(session.state.count == 2)
    #expect(session.state.todos == [Todo(id: 1, title: "milk", isDone: true)])
    try session.travel { try $0.unskip(2) }
    #expect(session.state.count == 3)
    #expect(try !session.history.entry(2).isSkipped)
  }

  @Test func skippingRecomputesEveryBranchThatPassesThroughTheEntry() throws {
    var session = ToySession(keyframeInterval: 1)
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    try session.travel { try $0.jump(to: 2) }
    session.send(.decrementTapped)
    try session.travel { try $0.skip(1) }
    #expect(try session.history.moment(at: 3).count == 2)
    #expect(try session.history.moment(at: 4).count == 0)
    #expect(session.state.count == 0)
  }

  @Test func actionsReceivedFromASkippedActionAreStillReplayedAsRecorded() throws {
    var session = ToySession()
    let appear = session.send(.onAppear)
    session.receive(.loaded(titles: ["milk"]), from: appear)
    try session.travel { try $0.skip(appear) }
    #expect(session.state == TodoApp(todos: [Todo(id: 1, title: "milk")]))
  }

  @Test func recordingAfterASkipContinuesFromTheRecomputedMoment() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    try session.travel { try $0.skip(1) }
    session.send(.incrementTapped)
    #expect(try session.history.moment(at: 3).count == 2)
  }

  @Test func skippingTwiceOrTheInitialMomentIsHandled() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    try session.history.skip(1)
    try session.history.skip(1)
    #expect(session.history.currentMoment.count == 0)
    #expect(throws: HistoryError.cannotSkipInitialMoment) { try session.history.skip(0) }
    #expect(throws: HistoryError.noSuchEntryToSkip(2, last: 1, skipping: false)) {
      try session.history.unskip(2)
    }
    #expect(
      HistoryError.noSuchEntryToSkip(99, last: 8, skipping: true).description
        == "There is no entry 99; skip an entry from 1 to 8.")
  }

  @Test func anEntryOnlyAnotherBranchHoldsIsNotTheCurrentBranchsToSkip() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    try session.travel { try $0.back() }
    session.send(.decrementTapped)
    #expect(throws: HistoryError.skipOffCurrentBranch(2, branch: 1, skipping: true)) {
      try session.history.checkSkippableOnCurrentBranch(2, skipping: true)
    }
    // Entry 1 is on both branches: skipping it is the current branch's business too.
    try session.history.checkSkippableOnCurrentBranch(1, skipping: true)
    #expect(throws: HistoryError.noSuchEntryToSkip(9, last: 3, skipping: false)) {
      try session.history.checkSkippableOnCurrentBranch(9, skipping: false)
    }
    #expect(
      HistoryError.skipOffCurrentBranch(2, branch: 1, skipping: true).description
        == "Entry 2 is on branch 1, not on the current one; 'branch 1' goes there, then 'skip 2'.")
  }
}
