import Foundation
import Testing

@testable import StoreInspector

struct HistoryTimeTravelTests {
  /// increment (1), onAppear (2), loaded from 2 (3).
  private func loadedSession() -> ToySession {
    var session = ToySession()
    session.send(.incrementTapped)
    let appear = session.send(.onAppear)
    session.receive(.loaded(titles: ["milk", "eggs"]), from: appear)
    return session
  }

  @Test func backStepsOverASentActionTogetherWithTheActionsItsEffectsSent() throws {
    var session = loadedSession()
    try session.travel { try $0.back() }
    #expect(session.history.currentEntry == 1)
    #expect(session.state == TodoApp(count: 1))
    try session.travel { try $0.back() }
    #expect(session.history.currentEntry == 0)
    #expect(session.state == TodoApp())
  }

  @Test func forwardStepsOverTheSameGroupsBackStepsOver() throws {
    var session = loadedSession()
    try session.travel { try $0.jump(to: 0) }
    try session.travel { try $0.forward() }
    #expect(session.history.currentEntry == 1)
    try session.travel { try $0.forward() }
    #expect(session.history.currentEntry == 3)
    #expect(session.state.todos.map(\.title) == ["milk", "eggs"])
    #expect(!session.state.isLoading)
  }

  @Test func recordingAtTheEndKeepsTheCursorAndTheBranchAheadOfIt() throws {
    var session = loadedSession()
    try session.travel { try $0.jump(to: 1) }
    var headCount: Int?
    let entry = session.history.recordAtEnd(.incrementTapped, origin: .external) { head in
      headCount = head.count
      var moment = head
      moment.count += 10
      return moment
    }
    #expect(entry == 4)
    #expect(headCount == 1, "made from the head's moment (#3), not the cursor's")
    #expect(session.history.currentEntry == 1)
    #expect(session.history.currentBranch == [1, 2, 3, 4])
    #expect(session.history.branches.count == 1)
    #expect(try session.history.moment(at: 4).count == 11)
    try session.travel { try $0.forward() }
    #expect(session.history.currentEntry == 4, "forward passes the external entry by")
  }

  @Test func walkingTheCurrentBranchGivesEachEntryAfterTheStartWithItsMomentsUntilToldToStop()
    throws
  {
    var session = loadedSession()
    session.send(.incrementTapped)  // 4
    var walked: [(EntryID, Int, Int)] = []
    session.history.walkCurrentBranch(after: 1, through: 4) { entry, before, after in
      walked.append((entry.id, before.count, after.count))
      return true
    }
    #expect(walked.map(\.0) == [2, 3, 4])
    #expect(walked.last.map { [$0.1, $0.2] } == [1, 2])
    var stoppedAt: [EntryID] = []
    session.history.walkCurrentBranch(after: 0, through: 4) { entry, _, _ in
      stoppedAt.append(entry.id)
      return entry.id != 2
    }
    #expect(stoppedAt == [1, 2])
    var backwards = 0
    session.history.walkCurrentBranch(after: 3, through: 1) { _, _, _ in
      backwards += 1
      return true
    }
    #expect(backwards == 0, "nothing when the end is not after the start")
  }

  @Test func backNeverStopsBetweenAnEffectStartAndItsResultEvenWhenActionsInterleave() throws {
    var session = ToySession()
    let appear = session.send(.onAppear)
    session.send(.incrementTapped)
    session.receive(.loaded(titles: ["milk"]), from: appear)
    try session.travel { try $0.back() }
    #expect(session.history.currentEntry == 0)
    try session.travel { try $0.forward() }
    #expect(session.history.currentEntry == 3)
  }

  @Test func actionsReceivedFromReceivedActionsBelongToTheOriginalSentAction() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    let appear = session.send(.onAppear)
    let loaded = session.receive(.loaded(titles: ["a"]), from: appear)
    session.receive(.toggled(id: 1), from: loaded)
    try session.travel { try $0.back() }
    #expect(session.history.currentEntry == 1)
  }

  @Test func backAndForwardTakeAStepCount() throws {
    var session = loadedSession()
    session.send(.decrementTapped)
    try session.travel { try $0.back(3) }
    #expect(session.history.currentEntry == 0)
    try session.travel { try $0.forward(2) }
    #expect(session.history.currentEntry == 3)
  }

  @Test func steppingPastEitherEndThrowsAndLeavesTheCursorWhereItWas() throws {
    var session = loadedSession()
    #expect(throws: HistoryError.cannotGoForward(requested: 1, available: 0)) {
      try session.history.forward()
    }
    #expect(throws: HistoryError.cannotGoBack(requested: 3, available: 2)) {
      try session.history.back(3)
    }
    #expect(session.history.currentEntry == 3)
  }

  @Test func jumpMovesTheCursorToAnyEntryIncludingMidLoad() throws {
    var session = loadedSession()
    try session.travel { try $0.jump(to: 2) }
    #expect(session.state == TodoApp(count: 1, isLoading: true))
    try session.travel { try $0.jump(to: 3) }
    #expect(session.state.todos.count == 2)
  }

  @Test func jumpToAnEntryThatDoesNotExistThrows() {
    var session = loadedSession()
    #expect(throws: HistoryError.noSuchEntry(9, last: 3)) { try session.history.jump(to: 9) }
    #expect(throws: HistoryError.noSuchEntry(-1, last: 3)) { try session.history.jump(to: -1) }
  }

  @Test func everyMomentIsRebuiltExactlyFromTheNearestStoredOne() throws {
    var session = ToySession(keyframeInterval: 4)
    var live: [TodoApp] = [TodoApp()]
    for step in 1...50 {
      switch step % 5 {
      case 0: session.send(.addTapped(title: "todo \(step)"))
      case 1: session.send(.toggled(id: step / 5))
      case 2: session.send(.decrementTapped)
      default: session.send(.incrementTapped)
      }
      live.append(session.state)
    }
    for (number, moment) in live.enumerated() {
      #expect(try session.history.moment(at: EntryID(number)) == moment, "entry \(number)")
    }
    // The initial moment, every fourth entry's, the head's and the one before the head.
    #expect(session.history.storedMomentCount == 1 + 50 / 4 + 2)
  }

  /// A history of `TodoApp` whose reductions `reductions` counts.
  private func countingHistory(
    keyframeInterval: Int, _ reductions: CallCounter
  ) -> History<TodoApp, TodoAction> {
    History(initial: TodoApp(), keyframeInterval: keyframeInterval) { state, action in
      reductions.count += 1
      reduceTodoApp(&state, action)
    }
  }

  @Test func readingAMomentCostsFewerReductionsThanTheKeyframeInterval() throws {
    let reductions = CallCounter()
    var history = countingHistory(keyframeInterval: 8, reductions)
    var state = TodoApp()
    for _ in 1...100 {
      reduceTodoApp(&state, .incrementTapped)
      history.record(.incrementTapped, moment: state)
    }
    for number in 0...100 {
      reductions.count = 0
      try history.jump(to: EntryID(number))
      #expect(history.currentMoment.count == number)
      #expect(reductions.count < 8)
    }
  }

  @Test func theMomentsAroundTheLatestEntryCostNoReduction() throws {
    let reductions = CallCounter()
    var history = countingHistory(keyframeInterval: 32, reductions)
    var state = TodoApp()
    for number in 1...40 {
      reduceTodoApp(&state, .incrementTapped)
      history.record(.incrementTapped, moment: state)
      reductions.count = 0
      let around = try history.moments(around: history.head)
      #expect(around.before.count == number - 1 && around.after.count == number)
      #expect(reductions.count == 0, "entry \(number)")
    }
    // An entry further back is rebuilt from the nearest stored moment (entry 32's), as any
    // other: both moments around entry 38.
    reductions.count = 0
    #expect(try history.moments(around: 38).before.count == 37)
    #expect(reductions.count == (37 - 32) + (38 - 32))
  }

  @Test func momentsAroundAnEntryAreTheMomentsBeforeAndAfterIt() throws {
    let session = loadedSession()
    let around = try session.history.moments(around: 3)
    #expect(around.before == TodoApp(count: 1, isLoading: true))
    #expect(around.after.todos.count == 2)
    let initial = try session.history.moments(around: 0)
    #expect(initial.before == TodoApp() && initial.after == TodoApp())
  }

  @Test func theLogListsTheCurrentBranchWithOriginsAndDates() throws {
    var history = History<TodoApp, TodoAction>(initial: TodoApp(), reduce: reduceTodoApp)
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    history.record(.onAppear, date: date, moment: TodoApp(isLoading: true))
    history.record(.loaded(titles: []), origin: .received(from: 1), moment: TodoApp())
    #expect(
      history.log.map {
        "\($0.id) \($0.origin) \($0.date.map { "\($0.timeIntervalSince1970)" } ?? "-")"
      }
        == ["1 sent 1800000000.0", "2 received from 1 -"])
    #expect(try history.entry(2).parent == 1)
    #expect(history.currentBranch == [1, 2])
  }

  @Test(arguments: [
    (
      HistoryError.noSuchEntry(9, last: 3),
      "There is no entry 9; choose an entry from 0 to 3."
    ),
    (
      .noSuchEntry(1, last: 0),
      "There is no entry 1 because nothing has been recorded yet; send an action first."
    ),
    (
      .foldedEntry(2),
      "Entry 2 was folded into the initial moment by the history limit; choose entry 0 or a "
        + "later one."
    ),
    (
      .notImported(4),
      "Entry 4 was left out when the session was imported because its action no longer decodes; "
        + "choose another entry."
    ),
    (
      .cannotGoBack(requested: 1, available: 0),
      "Already at the start of history; go forward or jump to an entry instead."
    ),
    (
      .cannotGoBack(requested: 3, available: 2),
      "Can't go back 3 steps: the cursor is 2 steps from the start; go back at most 2."
    ),
    (
      .cannotGoForward(requested: 1, available: 0),
      "Already at the end of this branch; go back, jump to an entry or switch branch instead."
    ),
    (
      .cannotGoForward(requested: 2, available: 1),
      "Can't go forward 2 steps: the branch ends 1 step ahead; go forward at most 1."
    ),
    (.noSuchBranch(3, count: 2), "There is no branch 3; choose a branch from 1 to 2."),
    (
      .cannotSkipInitialMoment,
      "Entry 0 is the initial moment, not an action, so it can't be skipped; skip an entry from "
        + "1 on."
    ),
  ])
  func errorsSayWhatWasWrongAndWhatToDo(error: HistoryError, message: String) {
    #expect(error.description == message)
  }
}
