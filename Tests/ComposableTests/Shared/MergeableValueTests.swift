import Foundation
import Composable
import Testing

/// Making a change again on a value that changed meanwhile, as time travel does on a file
/// another process wrote.
@Suite struct MergeableValueTests {
  @Test func aSetKeepsWhatTheOtherSideAddedAndRemoved() {
    var onDisk: Set = [1, 4, 9]
    onDisk.applyChange(from: [1, 9], to: [25, 9])
    #expect(onDisk == [4, 9, 25])
  }

  @Test func aDictionarySetsAndRemovesOnlyTheKeysThatChanged() {
    var onDisk = ["pageSize": 20, "level": 5, "other": 1]
    onDisk.applyChange(from: ["pageSize": 20, "level": 5], to: ["pageSize": 50])
    #expect(onDisk == ["pageSize": 50, "other": 1])
  }

  @Test func anArrayRemovesWhatWasLostAndInsertsWhatWasGainedInPlace() {
    var onDisk = ["a", "x", "b", "c"]
    onDisk.applyChange(from: ["a", "b", "c"], to: ["a", "c", "d"])
    #expect(onDisk == ["a", "x", "c", "d"])
  }

  @Test func aSingleValueTakesAChangeOnlyWhileItHoldsWhatTheChangeStartedFrom() {
    var onDisk = 7
    onDisk.applyChange(from: 7, to: 7)
    #expect(onDisk == 7)
    onDisk.applyChange(from: 3, to: 4)
    #expect(onDisk == 7, "another writer's 7 is newer than the change from 3")
    onDisk.applyChange(from: 7, to: 4)
    #expect(onDisk == 4)
  }
}
