import Testing

@testable import StoreInspector

@Suite struct LiteralJSONTests {
  @Test(arguments: [
    ("25", JSONValue.number(25)),
    ("-0.5", .number("-0.5")),
    ("true", .bool(true)),
    ("nil", .null),
    (#""Mr. Mime""#, .string("Mr. Mime")),
    ("[1, 25]", .array([.number(1), .number(25)])),
    (#"["b": 2]"#, .object([.init("b", .number(2))])),
    ("Point(x: 1, y: 2)", .object([.init("x", .number(1)), .init("y", .number(2))])),
    (".idle", .object([.init("literal", .string(".idle"))])),
    (".infinity", .object([.init("literal", .string(".infinity"))])),
    (
      #"Member(id: UUID("00000000-0000-0000-0000-000000000001"), level: 5)"#,
      .object([
        .init("id", .object([.init("literal", .string(#"UUID("00000000-0000-0000-0000-000000000001")"#))])),
        .init("level", .number(5)),
      ])
    ),
    ("Pokemon(id: 4, …)", .object([.init("literal", .string("Pokemon(id: 4, …)"))])),
  ])
  func aPrintedValueIsJSONOfItsOwnTypeOrItsLiteral(printed: String, json: JSONValue) {
    #expect(JSONValue(printedValue: printed) == json)
  }
}
