import Foundation
import Testing

@testable import StoreInspector

@Suite(.serialized) struct HistoryMemoryTests {
  @Test func aHundredThousandRecordedActionsStayWithinFourKilobytesEach() throws {
    let actions = 100_000
    var state = TodoApp(todos: (1...20).map { Todo(id: $0, title: "todo \($0)") })
    let before = try #require(residentMemory())
    var history = History<TodoApp, TodoAction>(initial: state, reduce: reduceTodoApp)
    for step in 1...actions {
      let action: TodoAction = step % 3 == 0 ? .toggled(id: step % 20 + 1) : .incrementTapped
      reduceTodoApp(&state, action)
      history.record(action, moment: state)
    }
    let after = try #require(residentMemory())
    let perAction = (after - before) / actions
    #expect(perAction < 4_096, "\(perAction) bytes per recorded action")
    #expect(history.storedMomentCount < actions / 30)
    try history.jump(to: 50_017)
    #expect(history.currentMoment.count == 50_017 - 50_017 / 3)
  }
}
