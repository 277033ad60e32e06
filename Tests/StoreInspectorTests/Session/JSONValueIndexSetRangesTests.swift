import Foundation
import StoreInspector
import Testing

/// Foundation's `IndexSet` traps on a range it cannot hold instead of throwing: `decode` refuses
/// such a range first, naming where it is.
@Suite struct JSONValueIndexSetRangesTests {
  static func offsets(_ location: String, _ length: String) throws -> JSONValue {
    try JSONValue(
      parsing: Data(#"{"atOffsets": {"indexes": [{"location": \#(location), "length": \#(length)}]}}"#.utf8))
  }

  struct Deleted: Decodable {
    var atOffsets: IndexSet
  }

  @Test func rangesFoundationHoldsDecode() throws {
    #expect(try Self.offsets("0", "2").decode(Deleted.self).atOffsets == IndexSet([0, 1]))
    #expect(
      try Self.offsets("9223372036854775806", "1").decode(Deleted.self).atOffsets
        == IndexSet(integer: 9_223_372_036_854_775_806))
  }

  @Test(arguments: [("9223372036854775807", "1"), ("9223372036854775800", "100"), ("-1", "1"), ("0", "-3")])
  func aRangeFoundationWouldTrapOnIsRefusedNamingWhereItIs(location: String, length: String) throws {
    let json = try Self.offsets(location, length)
    do {
      _ = try json.decode(Deleted.self)
      Issue.record("decoded")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["atOffsets", "indexes", "0"])
      #expect(context.debugDescription.hasPrefix("the IndexSet range at \(location) of length \(length)"))
    }
  }
}
