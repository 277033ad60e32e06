#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONValue {
  /// Throws where this value holds a range in Foundation's `IndexSet` layout
  /// (`{"indexes": [{"location": L, "length": N}, …]}`) that Foundation's decoder traps on
  /// instead of throwing: a negative location or length, or one whose end `L + N` is past what
  /// an `Int` holds. `decode` checks this first, so a session file never crashes dex.
  public func checkIndexSetRanges(codingPath: [any CodingKey] = []) throws(DecodingError) {
    switch self {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        try element.checkIndexSetRanges(codingPath: codingPath + [JSONPathKey(index)])
      }
    case .object(let members):
      if members.count == 1, members[0].key == "indexes", case .array(let ranges) = members[0].value {
        for (index, range) in ranges.enumerated() {
          try Self.checkIndexSetRange(
            range, codingPath: codingPath + [JSONPathKey("indexes"), JSONPathKey(index)])
        }
      }
      for member in members {
        try member.value.checkIndexSetRanges(codingPath: codingPath + [JSONPathKey(member.key)])
      }
    case .null, .bool, .number, .string:
      break
    }
  }

  private static func checkIndexSetRange(
    _ range: JSONValue, codingPath: [any CodingKey]
  ) throws(DecodingError) {
    guard case .number(let locationText)? = range["location"],
      case .number(let lengthText)? = range["length"],
      let location = Int(locationText), let length = Int(lengthText)
    else { return }
    guard location >= 0, length >= 0, !location.addingReportingOverflow(length).overflow else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription:
            "the IndexSet range at \(location) of length \(length) is not one of offsets from 0 to "
            + "\(Int.max - 1)"))
    }
  }
}

/// A key of a path into a JSON value: a member's name or an element's index.
private struct JSONPathKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  init(_ index: Int) {
    stringValue = "\(index)"
    intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { self.init(intValue) }
}
