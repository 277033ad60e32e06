import Foundation
import Testing

@testable import StoreInspector

struct InspectorDumpTests {
  @Test func structPrintsOnOneLineWhenItFits() {
    #expect(inspectorDump(Point(x: 1, y: -2)) == "Point(x: 1, y: -2)")
  }

  @Test func nestedStructBreaksIntoIndentedLinesWhenTooWide() {
    let list = TodoList(
      title: "Groceries",
      todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs", isDone: true)],
      tags: ["home", "food"])
    #expect(
      inspectorDump(list, maxWidth: 50) == """
        TodoList(
          title: "Groceries",
          todos: [
            Todo(id: 1, title: "Milk", isDone: false),
            Todo(id: 2, title: "Eggs", isDone: true)
          ],
          tags: ["food", "home"],
          filter: .idle
        )
        """)
  }

  @Test func enumCasesPrintWithAndWithoutPayload() {
    #expect(inspectorDump(LoadState.idle) == ".idle")
    #expect(inspectorDump(LoadState.loading(page: 2)) == ".loading(page: 2)")
    #expect(
      inspectorDump(LoadState.loaded(items: ["a"], hasMore: true))
        == ".loaded(items: [\"a\"], hasMore: true)")
    #expect(inspectorDump(LoadState.failed("x")) == ".failed(\"x\")")
  }

  @Test func optionalsPrintNilOrTheWrappedValue() {
    let none: Int? = nil
    let some: Int? = 3
    let nested: Point?? = .some(.some(Point(x: 0, y: 0)))
    #expect(inspectorDump(none as Any) == "nil")
    #expect(inspectorDump(some as Any) == "3")
    #expect(inspectorDump(nested as Any) == "Point(x: 0, y: 0)")
  }

  @Test func arraysSetsAndDictionariesPrintSorted() {
    #expect(inspectorDump([3, 1, 2]) == "[3, 1, 2]")
    #expect(inspectorDump([Int]()) == "[]")
    #expect(inspectorDump(Set([25, 1, 100])) == "[1, 25, 100]")
    #expect(inspectorDump(["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
    #expect(inspectorDump([String: Int]()) == "[:]")
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(inspectorDump("a\"b\\c\n\t\r\0\u{1B}é") == #""a\"b\\c\n\t\r\0\u{1B}é""#)
    #expect(inspectorDump(Character("x")) == #""x""#)
  }

  @Test func numbersAndBoolsPrintAsSwiftLiterals() {
    #expect(inspectorDump(42) == "42")
    #expect(inspectorDump(UInt8(255)) == "255")
    #expect(inspectorDump(-1.5) == "-1.5")
    #expect(inspectorDump(Float(0.25)) == "0.25")
    #expect(inspectorDump(1e-20) == "1e-20")
    #expect(inspectorDump(Double.infinity) == ".infinity")
    #expect(inspectorDump(-Double.infinity) == "-.infinity")
    #expect(inspectorDump(Double.nan) == ".nan")
    #expect(inspectorDump(true) == "true")
  }

  @Test func foundationValuesPrintAsConstructorCalls() throws {
    let url = try #require(URL(string: "https://pokeapi.co/api/v2/pokemon?limit=20"))
    let uuid = try #require(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001"))
    #expect(inspectorDump(url) == #"URL(string: "https://pokeapi.co/api/v2/pokemon?limit=20")"#)
    #expect(inspectorDump(uuid) == #"UUID("DEADBEEF-0000-4000-8000-000000000001")"#)
    #expect(
      inspectorDump(Date(timeIntervalSince1970: 1_767_225_600)) == #"Date("2026-01-01T00:00:00Z")"#)
    #expect(inspectorDump(Date(timeIntervalSince1970: 0.5)) == #"Date("1970-01-01T00:00:00.500Z")"#)
    #expect(inspectorDump(Data([1, 2, 3])) == #"Data(base64Encoded: "AQID")"#)
  }

  @Test func tuplesPrintLabelsWhenTheyHaveThem() {
    #expect(inspectorDump((a: 1, b: "x")) == #"(a: 1, b: "x")"#)
    #expect(inspectorDump((1, 2)) == "(1, 2)")
  }

  @Test func errorsPrintLikeTheValuesTheyAre() {
    let result: Result<Int, FetchError> = .failure(.timedOut(seconds: 5))
    #expect(inspectorDump(result) == ".failure(.timedOut(seconds: 5))")
    #expect(inspectorDump(FetchError.offline as any Error) == ".offline")
  }

  @Test func classCyclesPrintABackReference() {
    let first = Node(value: 1)
    let second = Node(value: 2, next: first)
    first.next = second
    #expect(inspectorDump(first) == "#1 Node(value: 1, next: Node(value: 2, next: #1))")
  }

  @Test func sharedInstancesPrintOnceThenByReference() {
    let shared = Node(value: 7)
    #expect(
      inspectorDump([shared, shared, Node(value: 8)])
        == "[#1 Node(value: 7, next: nil), #1, Node(value: 8, next: nil)]")
  }

  @Test func propertyWrappersPrintUnderThePropertyName() {
    #expect(inspectorDump(Settings()) == #"Settings(favorites: [1, 25], theme: "dark")"#)
  }

  @Test func identifiableArraysPrintAsArraysOfElements() {
    let todos = IdentifiedTodos(
      storage: [1: Todo(id: 1, title: "Milk"), 2: Todo(id: 2, title: "Eggs")], order: [2, 1])
    #expect(
      inspectorDump(todos)
        == #"[Todo(id: 2, title: "Eggs", isDone: false), Todo(id: 1, title: "Milk", isDone: false)]"#
    )
  }

  @Test func customisationProtocolsReplaceTheMirror() {
    #expect(inspectorDump(PageRange(lowerBound: 1, upperBound: 3)) == "PageRange(1, through: 3)")
    #expect(inspectorDump(Cart(prices: [2, 3])) == "Cart(count: 2, total: 5)")
  }

  @Test func typeNamesDropModulesAndPrivateContexts() {
    #expect(inspectorDump(Wrapper.Inner(value: [1])) == "Wrapper.Inner<Int>(value: [1])")
    #expect(inspectorDump(Hidden()) == "Hidden()")
    #expect(inspectorDump(Int.self) == "Int.self")
  }

  @Test func enumsWithCustomDescriptionsStillPrintTheirCase() {
    #expect(inspectorDump(Shouty.quiet) == ".quiet")
  }

  @Test func groupsThatDoNotFitKeepShortChildrenOnOneLine() {
    let state = LoadState.loaded(items: ["Bulbasaur", "Ivysaur", "Venusaur"], hasMore: false)
    #expect(
      inspectorDump(state, maxWidth: 40) == """
        .loaded(
          items: [
            "Bulbasaur",
            "Ivysaur",
            "Venusaur"
          ],
          hasMore: false
        )
        """)
  }
}

enum Wrapper {
  struct Inner<T> {
    var value: [T]
  }
}

private struct Hidden {}

private enum Shouty: CustomStringConvertible {
  case quiet
  var description: String { "LOUD" }
}
