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
}
