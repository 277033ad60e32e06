import Composable
import ComposableInspection
import Testing

@testable import StoreInspector

/// IdentifiedArray's chunks let the diff skip every row a change did not touch; what it prints
/// must be what an element-by-element diff prints.
@Suite struct IdentifiedArrayDiffTests {
  private struct Row: Identifiable, Equatable {
    var id: Int
    var name: String
    var level: Int
  }

  /// The rows in an identified array (diffed chunk by chunk).
  private struct Chunked: Equatable {
    var rows: IdentifiedArrayOf<Row>
  }

  /// The same rows in a plain array (trimmed at both ends, then aligned by id).
  private struct Plain: Equatable {
    var rows: [Row]
  }

  private static func rows(_ ids: some Sequence<Int>) -> [Row] {
    ids.map { Row(id: $0, name: "row \($0)", level: $0 % 100) }
  }

  @Test func oneChangedRowAmongTenThousandVisitsOnlyItsPath() {
    for count in [100, 10_000] {
      let old = Chunked(rows: IdentifiedArray(uniqueElements: Self.rows(1...count)))
      var new = old
      new.rows.update(at: count / 2) { $0.level += 1 }
      var engine = DiffEngine()
      let diff = StateDiff(rootTypeName: "Chunked", root: engine.diff(old, new))
      #expect(
        diff.changes == [
          Change(
            path: [.field("rows"), .id("\(count / 2 + 1)"), .field("level")],
            kind: .changed(old: "\((count / 2 + 1) % 100)", new: "\((count / 2 + 1) % 100 + 1)"))
        ])
      // The root, its one field, the changed row and its three fields.
      #expect(engine.visitedNodes == 6)
    }
  }

  @Test(arguments: [
    "one row", "rows in three chunks", "every row", "an insertion", "a removal", "a move",
    "nothing",
  ])
  func chunkedDiffsPrintWhatElementByElementDiffsPrint(edit: String) {
    var rows = Self.rows(1...300)
    switch edit {
    case "one row": rows[150].level = -1
    case "rows in three chunks": for index in [3, 130, 299] { rows[index].name += "!" }
    case "every row": rows = rows.map { Row(id: $0.id, name: $0.name, level: $0.level + 1) }
    case "an insertion": rows.insert(Row(id: 999, name: "new", level: 1), at: 70)
    case "a removal": rows.remove(at: 64)
    case "a move": rows.swapAt(10, 200)
    default: break
    }
    let old = Self.rows(1...300)
    let chunked = inspectorDiff(
      Chunked(rows: IdentifiedArray(uniqueElements: old)),
      Chunked(rows: IdentifiedArray(uniqueElements: rows)))
    let plain = inspectorDiff(Plain(rows: old), Plain(rows: rows))
    #expect(chunked.changes == plain.changes)
    #expect(
      DiffRenderer.text(chunked).split(separator: "\n").dropFirst()
        == DiffRenderer.text(plain).split(separator: "\n").dropFirst())
    #expect(chunked.isEmpty == (edit == "nothing"))
  }

  // Rows at the same positions on both sides with the same ids are matched without aligning
  // the two sides by id; whatever else is at those positions must still be aligned: a row
  // replaced by another, rows moved, a row whose id changed, elements without ids.

  /// Rows kept by their names: their `Identifiable` id may change while the array's ids do not.
  private struct RowsByName: Equatable {
    var rows: IdentifiedArray<String, Row>
  }

  /// Not `Identifiable`: an identified array of it is keyed by a field.
  private struct Reading: Equatable {
    var sensor: String
    var value: Int
  }

  private struct Readings: Equatable {
    var readings: IdentifiedArray<String, Reading>
  }

  /// Each change's path and what it shows.
  private static func changes(_ diff: StateDiff) -> [String] {
    diff.changes.map { change in
      switch change.kind {
      case .changed(let old, let new): "\(change.pathDescription): \(old) → \(new)"
      case .inserted(let text): "+ \(change.pathDescription): \(text)"
      case .removed(let text): "- \(change.pathDescription): \(text)"
      }
    }
  }

  @Test func aRowChangedInPlaceIsMatchedByItsId() {
    let old = Chunked(rows: IdentifiedArray(uniqueElements: Self.rows(1...300)))
    var new = old
    new.rows.update(at: 150) { $0.level = -1 }
    new.rows.update(at: 151) { $0.name = "renamed" }
    #expect(
      Self.changes(inspectorDiff(old, new)) == [
        "rows[id: 151].level: 51 → -1",
        #"rows[id: 152].name: "row 152" → "renamed""#,
      ])
  }

  @Test func aRowReplacedByAnotherAtItsPositionIsARemovalAndAnInsertion() {
    var replaced = Self.rows(1...300)
    replaced[150] = Row(id: 999, name: "row 151", level: 51)
    let old = Chunked(rows: IdentifiedArray(uniqueElements: Self.rows(1...300)))
    let new = Chunked(rows: IdentifiedArray(uniqueElements: replaced))
    // Same chunks but the one, same length: only the ids tell the two rows apart.
    #expect(new.rows.elementChunks.count == old.rows.elementChunks.count)
    #expect(
      Self.changes(inspectorDiff(old, new)) == [
        #"- rows[id: 151]: IdentifiedArrayDiffTests.Row(id: 151, name: "row 151", level: 51)"#,
        #"+ rows[id: 999]: IdentifiedArrayDiffTests.Row(id: 999, name: "row 151", level: 51)"#,
      ])
  }

  @Test func rowsSwappedAreMovedNotChanged() {
    var swapped = Self.rows(1...300)
    swapped.swapAt(10, 11)
    let old = Chunked(rows: IdentifiedArray(uniqueElements: Self.rows(1...300)))
    let new = Chunked(rows: IdentifiedArray(uniqueElements: swapped))
    #expect(
      Self.changes(inspectorDiff(old, new)) == [
        #"- rows[id: 11]: IdentifiedArrayDiffTests.Row(id: 11, name: "row 11", level: 11)"#,
        #"+ rows[id: 11]: IdentifiedArrayDiffTests.Row(id: 11, name: "row 11", level: 11)"#,
      ])
  }

  @Test func aRowWhoseIdChangedIsARemovalAndAnInsertion() {
    let removedAndInserted = [
      #"- rows[id: 41]: IdentifiedArrayDiffTests.Row(id: 41, name: "row 41", level: 41)"#,
      #"+ rows[id: 1000]: IdentifiedArrayDiffTests.Row(id: 1000, name: "row 41", level: 41)"#,
    ]
    // Kept by name, the array's ids are unchanged and its chunks aligned: the row's own id
    // is what changed.
    let old = RowsByName(rows: IdentifiedArray(uniqueElements: Self.rows(1...300), id: \.name))
    var new = old
    new.rows.update(at: 40) { $0.id = 1_000 }
    #expect(new.rows.isAligned(with: old.rows))
    #expect(Self.changes(inspectorDiff(old, new)) == removedAndInserted)
    // Kept by id, the same change moves the row out of line with the old ids.
    var changedID = Self.rows(1...300)
    changedID[40].id = 1_000
    let byID = Chunked(rows: IdentifiedArray(uniqueElements: Self.rows(1...300)))
    let changedByID = Chunked(rows: IdentifiedArray(uniqueElements: changedID))
    #expect(!changedByID.rows.isAligned(with: byID.rows))
    #expect(Self.changes(inspectorDiff(byID, changedByID)) == removedAndInserted)
  }

  @Test func elementsWithoutIdsAreMatchedByPosition() {
    let old = Readings(
      readings: IdentifiedArray(
        uniqueElements: (0..<130).map { Reading(sensor: "s\($0)", value: $0) }, id: \.sensor))
    var new = old
    new.readings.update(at: 129) { $0.value = -1 }
    #expect(Self.changes(inspectorDiff(old, new)) == ["readings[129].value: 129 → -1"])
  }
}
