import Testing

@testable import StoreInspector

/// A generated test's statements are broken at their brackets, never inside a string, and
/// every line fits the width when its words do.
@Suite struct SwiftLineWrapperTests {
  private let todos =
    #"$0.todos = [Todo(id: 1, title: "milk", isDone: false), Todo(id: 2, title: "eggs", isDone: true)]"#

  @Test func aStatementThatFitsStaysOnOneLine() {
    #expect(SwiftLineWrapper(width: 120).lines(todos, indent: 6) == [todos])
  }

  @Test func theElementsOfABrokenBracketFillTheirLines() {
    #expect(
      SwiftLineWrapper(width: 60).lines(todos, indent: 0) == [
        "$0.todos = [",
        #"  Todo(id: 1, title: "milk", isDone: false),"#,
        #"  Todo(id: 2, title: "eggs", isDone: true)"#,
        "]",
      ])
    #expect(
      SwiftLineWrapper(width: 50).lines(todos, indent: 4) == [
        "$0.todos = [",
        #"      Todo(id: 1, title: "milk", isDone: false),"#,
        #"      Todo(id: 2, title: "eggs", isDone: true)"#,
        "    ]",
      ])
  }

  @Test func anElementTooWideForItsOwnLineIsBrokenInTurn() {
    #expect(
      SwiftLineWrapper(width: 30).lines(todos, indent: 0) == [
        "$0.todos = [",
        "  Todo(",
        #"    id: 1, title: "milk","#,
        "    isDone: false",
        "  ),",
        "  Todo(",
        #"    id: 2, title: "eggs","#,
        "    isDone: true",
        "  )",
        "]",
      ])
  }

  @Test func aBracketWithOneElementHugsIt() {
    let statement = #"await store.receive(.loaded(.success(Page(offset: 0, titles: ["a", "b", "c"]))))"#
    #expect(
      SwiftLineWrapper(width: 50).lines(statement, indent: 0) == [
        "await store.receive(.loaded(.success(Page(",
        #"  offset: 0, titles: ["a", "b", "c"]"#,
        "))))",
      ])
  }

  @Test func bracketsAndCommasInsideAStringAreText() {
    let statement = #"$0.note = Note(text: "a, (b], \"c\" [d", tags: ["x", "y"], pinned: true)"#
    let lines = SwiftLineWrapper(width: 40).lines(statement, indent: 0)
    #expect(
      lines == [
        "$0.note = Note(",
        #"  text: "a, (b], \"c\" [d","#,
        #"  tags: ["x", "y"], pinned: true"#,
        ")",
      ])
  }

  @Test func anUnbalancedStatementIsLeftAsItIs() {
    let statement = "$0.value = f(" + String(repeating: "x, ", count: 40)
    #expect(SwiftLineWrapper(width: 40).lines(statement, indent: 0) == [statement])
  }

  @Test func emptyBracketsStayClosed() {
    let statement = "$0.state = State(items: [], lookup: [:], name: \"" + String(repeating: "n", count: 30) + "\")"
    #expect(
      SwiftLineWrapper(width: 40).lines(statement, indent: 0) == [
        "$0.state = State(",
        "  items: [], lookup: [:],",
        "  name: \"" + String(repeating: "n", count: 30) + "\"",
        ")",
      ])
  }
}
