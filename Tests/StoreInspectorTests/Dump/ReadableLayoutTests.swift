import Testing

@testable import StoreInspector

/// What keeps long values readable: `--depth` folding, wrapped strings, and the brief form of
/// transcripts (an element on one shortened line that keeps its id and name).
struct SquadMember: Identifiable, Equatable {
  var id: String
  var pokemonID: Int
  var nickname: String
  var level: Int
  var notes: String
}

struct Squad: Equatable {
  var members: [SquadMember]
  var name: String
}

@Suite struct ReadableLayoutTests {
  private typealias Member = SquadMember
  private typealias Team = Squad

  private static let member = Member(
    id: "00000000-0000-0000-0000-000000000001", pokemonID: 25, nickname: "Sparky", level: 5,
    notes: String(repeating: "a long note ", count: 8))

  @Test func depthFoldsWhatIsNestedDeeperWithItsCount() {
    let team = Team(members: [Self.member, Self.member], name: "A")
    #expect(inspectorDump(team, depth: 1) == #"Squad(members: […] (2 elements), name: "A")"#)
    #expect(inspectorDump(team, depth: 0) == #"Squad(name: "A", …)"#)
    #expect(inspectorDump(Point(x: 1, y: 2), depth: 0) == "Point(…)")
  }

  @Test func aFoldedElementShowsItsIdAndNameAsADiffDoes() {
    let team = Team(members: [Self.member], name: "A")
    let folded = #"SquadMember(id: "00000000-0000-0000-0000-000000000001", nickname: "Sparky", …)"#
    #expect(inspectorDump(team.members, depth: 0) == "[…] (1 element)")
    #expect(inspectorDump(team.members, depth: 1) == "[\(folded)]")
    #expect(
      inspectorDump(team, maxWidth: .max, depth: 2) == #"Squad(members: [\#(folded)], name: "A")"#)
  }

  @Test func longStringsWrapTwoSpacesFurtherIn() {
    let text = inspectorDump(Self.member, maxWidth: 60, wrapsStrings: true)
    #expect(
      text == """
        SquadMember(
          id: "00000000-0000-0000-0000-000000000001",
          pokemonID: 25,
          nickname: "Sparky",
          level: 5,
          notes: "a long note a long note a long note a long note a
            long note a long note a long note a long note "
        )
        """)
    #expect(inspectorDump(Self.member, maxWidth: 60).contains("  notes: \"a long note a long note"))
  }

  @Test func aBriefDiffPutsAnInsertedElementOnOneLineWithItsIdAndName() {
    let old = Team(members: [], name: "A")
    let new = Team(members: [Self.member], name: "A")
    let brief = DiffRenderer.text(inspectorDiff(old, new), maxItems: 3)
    #expect(
      brief == """
          Squad(
            members: [
        +     SquadMember(id: "00000000-0000-0000-0000-000000000001", pokemonID: 25, nickname: "Sparky", …)
            ]
            … (1 unchanged)
          )
        """)
    #expect(DiffRenderer.text(inspectorDiff(old, new)).contains("notes: "))
  }

  @Test func aChangedElementShowsItsIdAndNameAboveTheChange() {
    let old = Team(members: [Self.member], name: "A")
    var new = old
    new.members[0].level = 6
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          Squad(
            members: [
              SquadMember(
                id: "00000000-0000-0000-0000-000000000001"
                … (1 unchanged)
                nickname: "Sparky"
        -       level: 5
        +       level: 6
                … (1 unchanged)
              )
            ]
            … (1 unchanged)
          )
        """)
  }
}
