import Testing

@testable import StoreInspector

struct HistoryBranchTests {
  /// increment (1), increment (2), add "milk" (3); back to 1; decrement (4).
  private func branchedSession() throws -> ToySession {
    var session = ToySession()
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    session.send(.addTapped(title: "milk"))
    try session.travel { try $0.jump(to: 1) }
    session.send(.decrementTapped)
    return session
  }

  @Test func recordingInThePastStartsABranchAndKeepsTheOldFuture() throws {
    let session = try branchedSession()
    let history = session.history
    #expect(history.currentBranch == [1, 4])
    #expect(history.count == 4)
    #expect(
      history.branches.map {
        "\($0.number) head \($0.head) length \($0.length) current \($0.isCurrent)"
      }
        == ["1 head 3 length 3 current false", "2 head 4 length 2 current true"])
    #expect(history.branches.map { $0.divergence?.action } == [.incrementTapped, .decrementTapped])
    #expect(try history.moment(at: 3) == TodoApp(count: 2, todos: [Todo(id: 1, title: "milk")]))
    #expect(try history.moment(at: 4) == TodoApp(count: 0))
  }

  @Test func aSingleBranchHasNoDivergence() {
    var session = ToySession()
    session.send(.incrementTapped)
    #expect(session.history.branches.count == 1)
    #expect(session.history.branches.first?.divergence == nil)
  }

  @Test func switchingBranchPutsTheCursorAtThatBranchsHead() throws {
    var session = try branchedSession()
    try session.travel { try $0.switchBranch(to: 1) }
    #expect(session.history.currentEntry == 3)
    #expect(session.history.currentBranch == [1, 2, 3])
    #expect(session.state.todos.map(\.title) == ["milk"])
    #expect(throws: HistoryError.noSuchBranch(3, count: 2)) {
      try session.history.switchBranch(to: 3)
    }
  }

  @Test func forwardFollowsTheBranchTheCursorCameBackAlong() throws {
    var session = try branchedSession()
    try session.travel { try $0.switchBranch(to: 1) }
    try session.travel { try $0.back(2) }
    #expect(session.history.currentEntry == 1)
    try session.travel { try $0.forward() }
    #expect(session.history.currentEntry == 2)
  }

  @Test func jumpingToAnEntryOnAnotherBranchMakesThatBranchCurrent() throws {
    var session = try branchedSession()
    try session.travel { try $0.jump(to: 2) }
    #expect(session.history.currentBranch == [1, 2, 3])
    #expect(session.history.branches.map(\.isCurrent) == [true, false])
    #expect(session.state.count == 2)
  }

  @Test func branchingFromTheInitialMomentKeepsBothFutures() throws {
    var session = try branchedSession()
    try session.travel { try $0.jump(to: 0) }
    session.send(.addTapped(title: "eggs"))
    #expect(session.history.branches.map(\.head) == [3, 4, 5])
    #expect(session.history.branches.map { $0.divergence?.id } == [2, 4, 5])
    #expect(session.history.currentBranch == [5])
    #expect(try session.history.moment(at: 3).count == 2)
  }

  @Test func aBranchPointKeepsItsMomentSoSwitchingIsCheap() throws {
    var session = ToySession(keyframeInterval: 100)
    for _ in 1...10 { session.send(.incrementTapped) }
    try session.travel { try $0.jump(to: 5) }
    session.send(.decrementTapped)
    #expect(session.history.keyframes.keys.sorted() == [5, 10, 11])
  }
}
