import Foundation
import Testing

@testable import StoreInspector

struct LiteralMatchingTests {
  /// A value, a literal it must match, and (when it must not) the expected one-line message.
  struct Expectation {
    var value: Any
    var literal: String
    var mismatch: String?
    var sourceLocation: SourceLocation

    init(
      _ value: Any, _ literal: String, mismatch: String? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      self.value = value
      self.literal = literal
      self.mismatch = mismatch
      self.sourceLocation = sourceLocation
    }
  }

  static var expectations: [Expectation] {
    let uuid = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!
    return [
      Expectation(Set([25, 1]), "[1, 25]"),
      Expectation(Set([25, 1]), "[25, 1]"),
      Expectation(Set([1]), "[1, 25]", mismatch: "expected [1, 25], found [1]"),
      Expectation(Set([1, 2]), "[1, 3]", mismatch: "expected [1, 3], found [1, 2]"),
      Expectation([1, 25], "[1, 25]"),
      Expectation([1, 25], "[25, 1]", mismatch: "at [0]: expected 25, found 1"),
      Expectation([1], "[1, 25]", mismatch: "expected [1, 25], found [1]"),
      Expectation("pikachu", #""pikachu""#),
      Expectation("pikachu", #""Pikachu""#, mismatch: #"expected "Pikachu", found "pikachu""#),
      Expectation("3", "3", mismatch: #"expected 3, found "3""#),
      Expectation(LoadState.idle, ".idle"),
      Expectation(
        LoadState.idle, ".loading(page: 1)", mismatch: "expected .loading(page: 1), found .idle"),
      Expectation(LoadState.loading(page: 2), ".loading(page: 2)"),
      Expectation(LoadState.loading(page: 2), ".loading(2)"),
      Expectation(
        LoadState.loading(page: 2), ".loading(pages: 2)",
        mismatch: "expected .loading(pages: 2), found .loading(page: 2)"),
      Expectation(
        LoadState.loading(page: 2), ".loading",
        mismatch: "expected .loading, found .loading(page: 2)"),
      Expectation(
        LoadState.loaded(items: ["a"], hasMore: true), #".loaded(items: ["a"], hasMore: false)"#,
        mismatch: "at loaded.hasMore: expected false, found true"),
      Expectation(
        LoadState.failed("x"), #".failed("y")"#, mismatch: #"at failed: expected "y", found "x""#),
      Expectation(true, "true"),
      Expectation(true, "false", mismatch: "expected false, found true"),
      Expectation(Int?.none as Any, "nil"),
      Expectation(Int?.some(3) as Any, "3"),
      Expectation(Int?.some(3) as Any, "nil", mismatch: "expected nil, found 3"),
      Expectation(3, "nil", mismatch: "expected nil, found 3"),
      Expectation(Int?.none as Any, "3", mismatch: "expected 3, found nil"),
      Expectation(3, "3"),
      Expectation(7, "007"),
      Expectation(0, "-0"),
      Expectation(-7, "-7"),
      Expectation(3, "3.0", mismatch: "expected 3.0, found 3"),
      Expectation(3.0, "3"),
      Expectation(3.0, "3.0"),
      Expectation(3.5, "3", mismatch: "expected 3, found 3.5"),
      Expectation(Float(0.1), "0.1"),
      Expectation(Double.nan, ".nan"),
      Expectation(-Double.infinity, "-.infinity"),
      Expectation(UInt8(255), "255"),
      Expectation(Point(x: 1, y: 2), "Point(x: 1, y: 2)"),
      Expectation(Point(x: 1, y: 2), "Point(x: 1, y: 3)", mismatch: "at y: expected 3, found 2"),
      Expectation(
        Point(x: 1, y: 2), "Point(x: 1)",
        mismatch: "expected Point(x: 1), found Point(x: 1, y: 2)"),
      Expectation(
        Point(x: 1, y: 2), "Size(x: 1, y: 2)",
        mismatch: "expected Size(x: 1, y: 2), found Point(x: 1, y: 2)"),
      Expectation(
        Point(x: 1, y: 2), ".point", mismatch: "expected .point, found Point(x: 1, y: 2)"),
      Expectation(Settings(), #"Settings(favorites: [1, 25], theme: "dark")"#),
      Expectation(Cart(prices: [2, 3]), "Cart(count: 2, total: 5)"),
      Expectation(PageRange(lowerBound: 1, upperBound: 3), "PageRange(1, through: 3)"),
      Expectation(uuid, #"UUID("deadbeef-0000-4000-8000-000000000001")"#),
      Expectation(
        uuid, #"UUID("DEADBEEF-0000-4000-8000-000000000002")"#,
        mismatch: #"expected UUID("DEADBEEF-0000-4000-8000-000000000002"), "#
          + #"found UUID("DEADBEEF-0000-4000-8000-000000000001")"#),
      Expectation(["b": 2, "a": 1], #"["a": 1, "b": 2]"#),
      Expectation(
        ["b": 2, "a": 1], #"["a": 1, "b": 3]"#, mismatch: #"at ["b"]: expected 3, found 2"#),
      Expectation(["b": 2], #"["c": 2]"#, mismatch: #"expected ["c": 2], found ["b": 2]"#),
      Expectation([String: Int](), "[:]"),
      Expectation([String: Int](), "[]", mismatch: "expected [], found [:]"),
      Expectation((a: 1, b: "x"), #"(a: 1, b: "x")"#),
      Expectation(
        Result<Int, FetchError>.failure(.timedOut(seconds: 5)), ".failure(.timedOut(seconds: 5))"),
      Expectation(
        IdentifiedTodos(storage: [1: Todo(id: 1, title: "Milk")], order: [1]),
        #"[Todo(id: 1, title: "Milk", isDone: false)]"#),
      Expectation(
        TodoList(title: "T", todos: [], tags: ["b", "a"]),
        #"TodoList(title: "T", todos: [], tags: ["b", "a"], filter: .loading(page: 1))"#,
        mismatch: "at filter: expected .loading(page: 1), found .idle"),
      Expectation("nickname", #"\.nickname"#, mismatch: #"expected \.nickname, found "nickname""#),
    ]
  }

  @Test func valuesMatchLiteralsInTheirPrintedSyntax() throws {
    for expectation in Self.expectations {
      let literal = try LiteralParser.parse(expectation.literal)
      let mismatch = literalMismatch(expectation.value, literal)
      #expect(
        mismatch?.description == expectation.mismatch, "\(expectation.literal)",
        sourceLocation: expectation.sourceLocation)
      #expect(
        literalMatches(expectation.value, literal) == (expectation.mismatch == nil),
        sourceLocation: expectation.sourceLocation)
    }
  }

  @Test func everyValueMatchesItsOwnDump() throws {
    let node = Node(value: 1)
    node.next = Node(value: 2, next: node)
    let values: [Any] = [
      Point(x: 1, y: -2), LoadState.loaded(items: ["a", "b"], hasMore: true),
      Set(["b", "a", "c"]), ["b": 2, "a": 1], 1e-20, Float(0.25), Double.infinity,
      "quote \" backslash \\ newline \n é \u{2028} \u{85}", try #require(URL(string: "https://pokeapi.co")),
      Date(timeIntervalSince1970: 1_767_225_600.25), Data([1, 2, 3]), node,
      TodoList(title: "Groceries", todos: [Todo(id: 1, title: "Milk")], tags: ["home", "z"]),
      Settings(), Wrapper.Inner(value: [1]),
    ]
    for value in values {
      let dump = inspectorDump(value, maxWidth: 20)
      #expect(literalMatches(value, try LiteralParser.parse(dump)), "\(dump)")
    }
  }

  @Test func aCycleMatchesOnlyTheSameInstance() throws {
    let node = Node(value: 1)
    node.next = Node(value: 2, next: node)
    let other = Node(value: 2, next: Node(value: 1))
    let cycle = try LiteralParser.parse("#1 Node(value: 1, next: Node(value: 2, next: #1))")
    #expect(literalMatches(node, cycle))
    #expect(!literalMatches(Node(value: 1, next: other), cycle))
  }

  @Test func containsFindsElementsKeysAndTextAndTheEmptyTextInAnyString() throws {
    #expect(literalContained(in: Set([1, 25]), try LiteralParser.parse("25")))
    #expect(literalContained(in: ["a": 1], try LiteralParser.parse("\"a\"")))
    #expect(literalContained(in: "pikachu", try LiteralParser.parse("\"chu\"")))
    #expect(literalContained(in: "", try LiteralParser.parse("\"\"")))
    #expect(literalContained(in: "pikachu", try LiteralParser.parse("\"\"")))
    #expect(!literalContained(in: "", try LiteralParser.parse("\"a\"")))
    #expect(!literalContained(in: String?.none as Any, try LiteralParser.parse("\"\"")))
  }

  @Test func describeMismatchSaysWhatDiffersOrThatTheValuesAreEqual() throws {
    #expect(
      describeMismatch(Set([1]), try LiteralParser.parse("[1, 25]"))
        == "expected [1, 25], found [1]")
    #expect(
      describeMismatch(Set([25, 1]), try LiteralParser.parse("[1, 25]"))
        == "expected a value other than [1, 25]")
  }
}
