import Testing

@testable import StoreInspector

/// `areBitwiseIdentical` answers "nothing changed" for the diff without comparing values: it
/// must say yes only for one type holding the same bytes. A type with padding between its fields
/// may answer no for equal copies (the padding is compared too); the diff then compares fields,
/// so the rows here have none.
@Suite struct BitwiseIdentityTests {
  private struct Row { var id: Int; var level: Int; var name: String }
  private struct Nothing {}

  @Test func aValueAndItsCopyAreIdentical() {
    let row = Row(id: 7, level: 5, name: "Pikachu")
    let copy = row
    #expect(areBitwiseIdentical(row, copy))
  }

  @Test func aChangeInAnyByteIsNotIdentical() {
    let row = Row(id: 7, level: 5, name: "Pikachu")
    var levelled = row
    levelled.level = 6
    var renamed = row
    renamed.name = "Raichu"
    var last = row
    last.id = 7 | (1 << 62)
    #expect(!areBitwiseIdentical(row, levelled))
    #expect(!areBitwiseIdentical(row, renamed))
    #expect(!areBitwiseIdentical(row, last))
  }

  @Test func theSameBytesOfTwoTypesAreNotIdentical() {
    #expect(!areBitwiseIdentical(1 as Int, 1 as UInt))
    #expect(areBitwiseIdentical(Int.max, Int.max))
  }

  @Test func aTypeOfNoBytesIsIdenticalToItself() {
    #expect(areBitwiseIdentical(Nothing(), Nothing()))
    #expect(!areBitwiseIdentical(Nothing(), ()))
  }
}
