import DexPlatform
import Foundation
import Testing

@Suite struct DecodingErrorSummaryTests {
  private struct List: Decodable {
    struct Item: Decodable {
      var name: String
      var id: Int
    }
    var results: [Item]
  }

  @Test(arguments: [
    (#"{"results": [{"name": "a", "id": 1}, {"id": 2}]}"#, "missing key 'results[1].name'"),
    (
      #"{"results": [{"name": "a", "id": "1"}]}"#,
      "expected Int at 'results[0].id', found a string"
    ),
    (
      #"{"results": [{"name": null, "id": 1}]}"#,
      "expected String at 'results[0].name', found null"
    ),
    (#"{}"#, "missing key 'results'"),
  ])
  func aDecodingErrorSaysWhatWasWrongAndWhere(json: String, summary: String) throws {
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(List.self, from: Data(json.utf8))
    }
    #expect(error?.summary == summary)
  }

  @Test func textThatIsNotJSONSaysSo() throws {
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(List.self, from: Data("{results".utf8))
    }
    #expect(error?.summary.hasPrefix("not valid JSON (") == true)
  }
}
