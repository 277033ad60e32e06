import Foundation
import Testing

@testable import StoreInspector

struct LiteralParserTests {
  static let successes: [(text: String, literal: Literal)] = [
    ("42", .int("42")),
    ("-7", .int("-7")),
    ("99999999999999999999", .int("99999999999999999999")),
    ("1.5", .float("1.5")),
    ("-2.5e-3", .float("-2.5e-3")),
    ("1e+20", .float("1e+20")),
    (".infinity", .float("infinity")),
    ("-.infinity", .float("-infinity")),
    (".nan", .float("nan")),
    (#""a\"b\\\n\t\r\0\u{1B}\u{E9}""#, .string("a\"b\\\n\t\r\0\u{1B}é")),
    ("true", .bool(true)),
    ("false", .bool(false)),
    ("nil", .nilLiteral),
    ("[]", .array([])),
    ("[:]", .dictionary([])),
    ("[ 1 , 2, ]", .array([.int("1"), .int("2")])),
    (#"["a": 1]"#, .dictionary([.init(key: .string("a"), value: .int("1"))])),
    (".idle", .enumCase("idle", nil)),
    (".failed(\"x\")", .enumCase("failed", [.init(value: .string("x"))])),
    (
      ".loaded(items: [], hasMore: true)",
      .enumCase(
        "loaded",
        [.init(label: "items", value: .array([])), .init(label: "hasMore", value: .bool(true))])
    ),
    (
      "Point(x: 1, y: 2)",
      .call("Point", [.init(label: "x", value: .int("1")), .init(label: "y", value: .int("2"))])
    ),
    ("Empty()", .call("Empty", [])),
    (
      "Wrapper.Inner<[Int: String]>(value: nil)",
      .call("Wrapper.Inner<[Int: String]>", [.init(label: "value", value: .nilLiteral)])
    ),
    (
      #"UUID("DEADBEEF-0000-4000-8000-000000000001")"#,
      .call("UUID", [.init(value: .string("DEADBEEF-0000-4000-8000-000000000001"))])
    ),
    (
      #"Date("2026-01-01T00:00:00Z")"#,
      .call("Date", [.init(value: .string("2026-01-01T00:00:00Z"))])
    ),
    (
      #"URL(string: "https://a.b")"#,
      .call("URL", [.init(label: "string", value: .string("https://a.b"))])
    ),
    ("(a: 1, 2)", .tuple([.init(label: "a", value: .int("1")), .init(value: .int("2"))])),
    ("()", .tuple([])),
    (
      "#1 Node(next: #1)",
      .object(id: 1, .call("Node", [.init(label: "next", value: .reference(1))]))
    ),
    ("  [\n  1,\n  2\n]  ", .array([.int("1"), .int("2")])),
  ]

  @Test(arguments: successes)
  func parsesEveryShapeOfTheGrammar(text: String, literal: Literal) throws {
    #expect(try LiteralParser.parse(text) == literal)
  }

  static let failures: [(text: String, message: String)] = [
    ("", "Unexpected end of input at column 1; expected a value."),
    (
      "[1, 2",
      "Unexpected end of input at column 6; expected ',' or ']' to close '[' from column 1."
    ),
    ("[1, 2)", "Unexpected ')' at column 6; expected ',' or ']' to close '[' from column 1."),
    (
      "Point(x: 1",
      "Unexpected end of input at column 11; expected ',' or ')' to close '(' from column 6."
    ),
    ("1 2", "Unexpected '2' at column 3 after a complete value; expected end of input."),
    ("[1]]", "Unexpected ']' at column 4 after a complete value; expected end of input."),
    (")", "Unexpected ')' at column 1; expected a value."),
    ("[1, ]x", "Unexpected 'x' at column 6 after a complete value; expected end of input."),
    (#"["a": 1, "b"]"#, "Unexpected ']' at column 13; expected ':' after a dictionary key."),
    ("[:", "Unexpected end of input at column 3; expected ']' after '[:'."),
    (
      "\"abc", "Unterminated string starting at column 1; expected a closing '\"' on the same line."
    ),
    (
      #""a\qb""#, #"Invalid escape '\q' at column 3; expected one of \" \\ \n \r \t \0 \' \u{hex}."#
    ),
    (
      #""\u{D800}""#,
      #"Invalid escape '\u{D800}' at column 2; expected one of \" \\ \n \r \t \0 \' \u{hex}."#
    ),
    (
      "favorite",
      "Unexpected 'favorite' at column 1; expected a value ('favorite(…)' for a call, '.favorite' for a case)."
    ),
    (". idle", "Unexpected ' ' at column 2; expected a case name after '.'."),
    ("-x", "Unexpected 'x' at column 2; expected a digit after '-'."),
    ("1e", "Unexpected end of input at column 3; expected the exponent's digits."),
    ("[\n  1,\n  @\n]", "Unexpected '@' at line 3, column 3; expected a value."),
    ("Box<Int(1)", "Unexpected '<' at column 4; expected '>' to close the generic arguments."),
  ]

  @Test(arguments: failures)
  func rejectsMalformedInputWithAOneLineMessage(text: String, message: String) {
    #expect(throws: LiteralParseError.self) { try LiteralParser.parse(text) }
    do {
      _ = try LiteralParser.parse(text)
    } catch {
      #expect(error.message == message)
      #expect(!error.message.contains("\n"))
    }
  }

  @Test func nestingDeeperThan256LevelsIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try LiteralParser.parse(deep)
      Issue.record("expected an error")
    } catch {
      #expect(error.reason == .nestingTooDeep(limit: 256))
      #expect(error.column == 257)
    }
    let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect(throws: Never.self) { try LiteralParser.parse(allowed) }
    let references = String(repeating: "#1 ", count: 300) + "1"
    #expect(throws: LiteralParseError.self) { try LiteralParser.parse(references) }
  }

  @Test func inputOverOneMegabyteIsRejected() {
    let large = "\"" + String(repeating: "a", count: 1_048_576) + "\""
    do {
      _ = try LiteralParser.parse(large)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.message
          == "Input of 1048578 bytes is over the 1048576-byte limit; expected a smaller literal.")
    }
  }

  @Test func everyDumpedShapeParsesBackToTheSameText() throws {
    let node = Node(value: 1)
    node.next = Node(value: 2, next: node)
    let values: [Any] = [
      Point(x: 1, y: -2),
      LoadState.idle, LoadState.loading(page: 2),
      LoadState.loaded(items: ["a", "b"], hasMore: true),
      Optional<Int>.none as Any, Optional(3) as Any,
      [1, 2, 3], Set(["b", "a"]), ["b": 2, "a": 1], [String: Int](),
      "quote \" backslash \\ newline \n tab \t bell \u{7} é 🎉",
      42, -1.5, Float(0.25), 1e-20, Double.infinity, -Double.infinity, Double.nan, true,
      try #require(URL(string: "https://pokeapi.co/api/v2/pokemon?limit=20")),
      try #require(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")),
      Date(timeIntervalSince1970: 1_767_225_600), Data([1, 2, 3]),
      (a: 1, b: "x"), (1, 2),
      Result<Int, FetchError>.failure(.timedOut(seconds: 5)),
      node,
      Settings(),
      TodoList(title: "Groceries", todos: [Todo(id: 1, title: "Milk")], tags: ["home"]),
      IdentifiedTodos(storage: [1: Todo(id: 1, title: "Milk")], order: [1]),
      PageRange(lowerBound: 1, upperBound: 3), Cart(prices: [2, 3]),
      Wrapper.Inner(value: [1]),
    ]
    for value in values {
      let oneLine = inspectorDump(value, maxWidth: .max)
      #expect(try LiteralParser.parse(oneLine).description == oneLine)
      let multiLine = inspectorDump(value, maxWidth: 10)
      #expect(try LiteralParser.parse(multiLine) == LiteralParser.parse(oneLine))
    }
  }
}
