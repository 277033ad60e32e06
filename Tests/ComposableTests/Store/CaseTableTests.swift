import DexTesting
import Foundation
import Composable
import Testing

@Suite struct CaseTableTests {
  @Test func everyCaseOfEveryTestActionIsInItsTable() {
    expectCaseTableIsComplete(CounterFeature.Action.self)
    expectCaseTableIsComplete(RowFeature.Action.self)
    expectCaseTableIsComplete(DetailFeature.Action.self)
    expectCaseTableIsComplete(RosterFeature.Action.self)
    expectCaseTableIsComplete(IdentifiedActionOf<RowFeature>.self)
    expectCaseTableIsComplete(PresentationAction<DetailFeature.Action>.self)
  }

  @Test func enumCaseNamesReadsTheDeclaredCases() {
    #expect(enumCaseNames(DetailFeature.Action.self) == ["onAppear", "ticked", "closeTapped"])
    #expect(
      enumCaseNames(RowFeature.Action.self).map(Set.init)
        == ["tapped", "timerStarted", "ticked", "binding"])
    #expect(enumCaseNames(Int.self) == nil)
  }

  static let samples: [RosterFeature.Action] = [
    .rows(.element(id: 3, action: .tapped)),
    .rows(.element(id: 1, action: .timerStarted)),
    .rows(.element(id: 2, action: .ticked)),
    .rows(.element(id: 2, action: .binding(.set(\.nickname, "Sparky")))),
    .rowsDeleted(atOffsets: [0, 2]),
    .rowsMoved(fromOffsets: [1], toOffset: 0),
    .rowTapped(id: 25),
    .detail(.presented(.onAppear)),
    .detail(.presented(.ticked)),
    .detail(.presented(.closeTapped)),
    .detail(.dismiss),
  ]

  @Test(arguments: samples)
  func everyCaseRoundTripsThroughItsTable(action: RosterFeature.Action) throws {
    let table = RosterFeature.Action.caseTable
    let entry = try #require(table.caseOf(action))
    #expect(entry.contains(action))
    let encoded = try JSONEncoder().encode(action)
    let decoded = try JSONDecoder().decode(RosterFeature.Action.self, from: encoded)
    #expect(decoded == action)
  }

  @Test func tableDescribesCasesWithLabelsAndTypes() {
    #expect(
      RosterFeature.Action.caseTable.listing
        == ".rows(IdentifiedAction<Int, RowFeature.Action>), .rowsDeleted(atOffsets: IndexSet), "
        + ".rowsMoved(fromOffsets: IndexSet, toOffset: Int), .rowTapped(id: Int), "
        + ".detail(PresentationAction<DetailFeature.Action>)")
  }

  @Test func anUnknownCaseNamesTheValidOnes() throws {
    let json = Data(#"{"rowPressed":{"id":1}}"#.utf8)
    #expect(
      throws: CaseTableError.unknownCase(
        "rowPressed", type: "RosterFeature.Action",
        valid: ["rows", "rowsDeleted", "rowsMoved", "rowTapped", "detail"])
    ) {
      try JSONDecoder().decode(RosterFeature.Action.self, from: json)
    }
  }

  @Test func casesEncodeLikeSynthesizedCodable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(RosterFeature.Action.rowTapped(id: 25))
    #expect(String(decoding: json, as: UTF8.self) == #"{"rowTapped":{"id":25}}"#)
    let nested = try encoder.encode(RosterFeature.Action.detail(.dismiss))
    #expect(String(decoding: nested, as: UTF8.self) == #"{"detail":{"_0":{"dismiss":{}}}}"#)
  }
}
