import Foundation
import Testing

@testable import StoreInspector

/// History keeps each entry as a fixed-size record of links, origin, date and flags beside its
/// action, and the values a reduction took from outside only for entries that took some: every
/// field reads back as recorded, through skips, folds, branches, export and import.
struct HistoryEntryRecordTests {
  @Test func anEntryReadsBackItsOriginDateAndFlagsAsRecorded() throws {
    var session = ToySession(keyframeInterval: 2)
    let dated = Date(timeIntervalSinceReferenceDate: 812_345.678_901)
    session.history.record(.incrementTapped, origin: .sent, date: dated, moment: TodoApp(count: 1))
    session.history.record(
      .onAppear, origin: .received(from: 1), moment: TodoApp(count: 1, isLoading: true))
    session.history.record(
      .decrementTapped, origin: .external, date: .distantPast, moment: TodoApp(isLoading: true))
    session.history.record(
      .incrementTapped, origin: .received(from: .initial), date: .distantFuture,
      moment: TodoApp(count: 1, isLoading: true))
    let entries = session.history.log
    #expect(entries.map(\.origin) == [.sent, .received(from: 1), .external, .received(from: 0)])
    #expect(entries.map(\.date) == [dated, nil, .distantPast, .distantFuture])
    #expect(entries.map(\.parent) == [0, 1, 2, 3])
    #expect(entries.map(\.isSkipped) == [false, false, false, false])
    try session.history.skip(3)
    #expect(session.history.log.map(\.isSkipped) == [false, false, true, false])
    #expect(session.history.log.map(\.origin) == entries.map(\.origin), "a skip keeps the origin")
    #expect(session.history.log.map(\.date) == entries.map(\.date), "and the date")
    #expect(session.history.currentMoment == TodoApp(count: 2, isLoading: true))
    try session.history.unskip(3)
    #expect(session.history.log == entries)
  }

  @Test func foldedAndDroppedEntriesLeaveNoValuesBehind() throws {
    var history = History<TodoApp, TodoAction>(initial: TodoApp(), keyframeInterval: 2) {
      moment, action, values in
      reduceTodoApp(&moment, action)
      return values
    }
    var state = TodoApp()
    for number in 1...4 {
      reduceTodoApp(&state, .incrementTapped)
      history.record(.incrementTapped, moment: state, recorded: [.stackElementID(number)])
    }
    try history.jump(to: 1)
    history.record(.decrementTapped, moment: TodoApp(), recorded: [.stackElementID(5)])
    #expect(history.recordedValues.keys.sorted() == [1, 2, 3, 4, 5])
    try history.jump(to: 4)
    history.limit = 2
    // Entry 1 folded; entry 5 left from it on a branch the fold dropped; 2 went with the limit.
    #expect(history.currentBranch == [3, 4])
    #expect(history.recordedValues.keys.sorted() == [3, 4])
    #expect(try history.entry(4).recorded == [.stackElementID(4)])
    #expect(history.currentMoment == TodoApp(count: 4))
  }

  @Test func aHistoryWithBranchesSkipsAndDatesExportsAndImportsByteIdentically() throws {
    var session = ToySession(keyframeInterval: 3)
    session.history.record(
      .addTapped(title: "milk"), date: Date(timeIntervalSinceReferenceDate: 1_000.25),
      moment: TodoApp(todos: [Todo(id: 1, title: "milk")]))
    session.state = session.history.currentMoment
    for action: TodoAction in [.incrementTapped, .toggled(id: 1), .incrementTapped] {
      session.send(action)
    }
    try session.history.jump(to: 2)
    session.state = session.history.currentMoment
    session.send(.decrementTapped)
    session.send(.addTapped(title: "eggs"))
    try session.history.skip(3)
    let exported = try session.exported()
    let (imported, report) = try importTodoSession(exported, keyframeInterval: 3)
    #expect(report.leftOut.isEmpty)
    let reexported = String(
      decoding: try imported.exportSession(
        encodeMoment: encodeTodoApp, encodeAction: encodeTodoAction),
      as: UTF8.self)
    #expect(reexported == exported)
    // Every entry on every branch is the same moment in both, and jumping there reaches it.
    var travelled = imported
    for entry in session.history.allEntries {
      #expect(try imported.moment(at: entry.id) == session.history.moment(at: entry.id))
      try travelled.jump(to: entry.id)
      #expect(travelled.currentMoment == (try session.history.moment(at: entry.id)))
    }
    #expect(imported.allEntries == session.history.allEntries)
  }
}
