import Foundation
import Testing

@testable import StoreInspector

/// A patch rebuilds the new value from the old one exactly, and is as small as what changed.
@Suite struct JSONValuePatchTests {
  private static let pairs: [(old: JSONValue, new: JSONValue)] = {
    let page: JSONValue = [["id": 1, "name": "a"], ["id": 2, "name": "b"]]
    let renamed: JSONValue = [["id": 1, "name": "a"], ["id": 2, "name": "c"]]
    let object: JSONValue = ["a": 1, "b": [1, 2, 3]]
    let appended: JSONValue = ["a": 1, "b": [1, 2, 3, 4]]
    let reshaped: JSONValue = ["b": [0, 2, 3], "c": "new"]
    let deep: JSONValue = ["nested": ["deep": ["x": true]]]
    let deeper: JSONValue = ["nested": ["deep": ["x": false]]]
    let numbers: JSONValue = [1, 2, 3, 4, 5]
    let fewer: JSONValue = [1, 9, 5]
    let other: JSONValue = ["not": "an array"]
    return [
      (.null, .number(1)), (object, appended), (object, reshaped), (numbers, fewer),
      (page, renamed), (deep, deeper), (numbers, other),
    ]
  }()

  @Test func aPatchTurnsTheOldValueIntoTheNewOne() throws {
    for (old, new) in Self.pairs {
      let patch = old.patch(to: new)
      let rebuilt = try old.applying(SessionReader(value: patch, path: "$.patch"))
      #expect(rebuilt.sortingKeys == new.sortingKeys, "\(old.text()) → \(new.text())")
    }
  }

  @Test func equalValuesAndObjectsInAnotherKeyOrderNeedNoPatch() {
    let value: JSONValue = ["a": 1, "b": 2]
    #expect(value.patch(to: ["a": 1, "b": 2]) == .null)
    #expect(value.patch(to: ["b": 2, "a": 1]) == .null)
  }

  @Test func elementsAppendedToALongArrayArePatchedAloneWithTheCountsKept() {
    let old = JSONValue.array((1...1_000).map { .number($0) })
    let new = JSONValue.array((1...1_020).map { .number($0) })
    #expect(
      old.patch(to: new)
        == ["prefix": 1_000, "suffix": 0, "elements": .array((1_001...1_020).map { .number($0) })])
  }

  @Test func aPatchThatDoesNotFitTheValueIsRefusedNamingItsPath() {
    let patch: JSONValue = ["prefix": 5, "suffix": 0, "elements": []]
    #expect(throws: SessionError.self) {
      let value: JSONValue = [1, 2]
      _ = try value.applying(SessionReader(value: patch, path: "$.entries[0].check.patch"))
    }
  }

  @Test func theDigestIgnoresTheOrderOfAnObjectsMembers() {
    #expect(MomentDigest.of(["a": 1, "b": [true]]) == MomentDigest.of(["b": [true], "a": 1]))
    #expect(MomentDigest.of(["a": 1]) != MomentDigest.of(["a": 2]))
    #expect(MomentDigest.of(["a": 1]).text.count == 16)
  }
}
