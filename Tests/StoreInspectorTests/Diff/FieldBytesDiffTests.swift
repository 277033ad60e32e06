import Testing

@testable import StoreInspector

/// A struct's text, number and Bool fields with the same bytes on both sides are unchanged
/// without a closer look, and integer and Bool fields with different bytes are changed without
/// `==`; every other field is compared as a value, whatever its bytes.
@Suite struct FieldBytesDiffTests {
  private final class Counter: @unchecked Sendable {
    var count: Int
    init(count: Int) { self.count = count }
  }

  private struct Reading: Equatable {
    var id: Int
    var label: String
    var value: Double
    var small: UInt8
    var isOn: Bool
    var counter: Counter

    static func == (lhs: Reading, rhs: Reading) -> Bool {
      lhs.id == rhs.id && lhs.label == rhs.label && lhs.value == rhs.value
        && lhs.small == rhs.small && lhs.isOn == rhs.isOn && lhs.counter.count == rhs.counter.count
    }
  }

  private static func reading(label: String = "é", value: Double = 0) -> Reading {
    Reading(id: 1, label: label, value: value, small: 7, isOn: false, counter: Counter(count: 3))
  }

  /// Each change's path and its old and new texts.
  private static func changes(_ old: Reading, _ new: Reading) -> [String] {
    inspectorDiff([old], [new]).changes.map { change in
      guard case .changed(let oldText, let newText) = change.kind else {
        return "\(change.pathDescription): \(change.kind)"
      }
      return "\(change.pathDescription): \(oldText) → \(newText)"
    }
  }

  @Test func integerAndBoolFieldsWithOtherBytesShowTheirTexts() {
    let old = Self.reading()
    var new = old
    new.small = 255
    new.isOn = true
    #expect(
      Self.changes(old, new) == [
        "[0].small: 7 → 255",
        "[0].isOn: false → true",
      ])
  }

  @Test func fieldsWithOtherBytesButEqualValuesAreUnchanged() {
    // A precomposed and a decomposed é, 0 and -0: other bytes, equal values.
    var old = Self.reading(label: "\u{E9}", value: 0)
    let new = Self.reading(label: "e\u{301}", value: -0.0)
    old.counter = new.counter
    old.small = 8
    #expect(Self.changes(old, new) == ["[0].small: 8 → 7"])
  }

  @Test func onlyTextNumbersAndBoolAreComparedByTheirBytes() throws {
    let layout = try #require(StructLayout.of(typeOf: Self.reading()))
    // A reference's bytes are the same while what it refers to changes; the same bytes of a
    // Double or a String are the same text, not so other bytes.
    let kinds = layout.fields.map { field in
      "\(field.label) \(field.isSameWhenSameBytes) \(field.differsWhenBytesDiffer)"
    }
    #expect(
      kinds == [
        "id true true", "label true false", "value true false", "small true true",
        "isOn true true", "counter false false",
      ])
    var engine = DiffEngine()
    var new = Self.reading()
    new.small = 9
    #expect(engine.diff([Self.reading()], [new]) != nil)
    // The array, the element, its six fields (compared by their bytes or not) and the
    // counter's one.
    #expect(engine.visitedNodes == 9)
  }
}
