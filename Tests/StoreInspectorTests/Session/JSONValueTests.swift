import Foundation
import Testing

@testable import StoreInspector

struct JSONValueTests {
  @Test func parsingAndPrintingRoundTripsEveryKindOfValue() throws {
    let text = #"{"a":[1,-2.5e3,true,false,null],"b":{"c":"x\"y\\z\n\u0001é😀"},"d":[],"e":{}}"#
    let value = try JSONValue(parsing: Data(text.utf8))
    #expect(value["a"] == [1, .number("-2.5e3"), true, false, nil])
    #expect(value["b"]?["c"] == .string("x\"y\\z\n\u{1}é😀"))
    #expect(value.text(pretty: false) == text.replacingOccurrences(of: "\\u0001", with: "\\u0001"))
    #expect(try JSONValue(parsing: Data(value.text().utf8)) == value)
  }

  @Test func surrogatePairsDecodeToOneScalar() throws {
    #expect(try JSONValue(parsing: Data(#""\ud83d\ude00""#.utf8)) == "😀")
  }

  @Test func codableValuesConvertBothWays() throws {
    struct Point: Codable, Equatable {
      var x: Int
      var y: Double
    }
    let json = try JSONValue(encoding: Point(x: 1, y: 2.5))
    #expect(json["x"] == 1)
    #expect(try json.decode(Point.self) == Point(x: 1, y: 2.5))
  }

  @Test func prettyTextKeepsWhatFitsTheWidthOnOneLine() {
    let value: JSONValue = [
      "ids": [1, 25], "rows": [["id": 1], ["id": 2, "name": "Ivysaur"]], "empty": [:],
    ]
    #expect(
      value.text()
        == #"{"ids": [1, 25], "rows": [{"id": 1}, {"id": 2, "name": "Ivysaur"}], "empty": {}}"#)
    #expect(
      value.text(maxWidth: 24) == """
        {
          "ids": [1, 25],
          "rows": [
            {"id": 1},
            {
              "id": 2,
              "name": "Ivysaur"
            }
          ],
          "empty": {}
        }
        """)
  }

  @Test(arguments: [
    ("{\"a\": 1,}", "expected a member name in quotes, found '}' at line 1, column 9"),
    ("[1 2]", "expected ',' or ']' in an array, found '2' at line 1, column 4"),
    ("{\n  \"a\": tru\n}", "unexpected 't' at line 2, column 8"),
    ("\"tab\there\"", "a control character inside a string (escape it) at line 1, column 5"),
    ("01", "unexpected text after the JSON value at line 1, column 2"),
    ("-", "unexpected end of input, expected a digit at line 1, column 2"),
    ("\"\\ud800\"", "a lone UTF-16 surrogate in a string at line 1, column 8"),
    ("\"\\q\"", "an unknown escape \\'q' in a string at line 1, column 3"),
    ("[", "unexpected end of input at line 1, column 2"),
  ])
  func syntaxErrorsNameTheProblemAndItsPlace(text: String, message: String) {
    #expect {
      _ = try JSONValue(parsing: Data(text.utf8))
    } throws: { error in
      (error as? JSONSyntaxError)?.description == message
    }
  }

  @Test func deeplyNestedInputIsRefusedRatherThanOverflowingTheStack() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: Data(text.utf8)) }
  }
}
