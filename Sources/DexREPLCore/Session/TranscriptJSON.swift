import Foundation
import PokedexInspection
import StoreInspector

/// `--json`: one JSON object per processed action.
enum TranscriptJSON {
  /// `{"entry":1,"origin":"sent","action":".list(.onAppear)","diff":…}` and a newline.
  static func line(entry: EntryID, origin: EntryOrigin, action: String, diff: MomentDiff) -> String {
    let originValue: JSONValue
    switch origin {
    case .sent: originValue = .string("sent")
    case let .received(from): originValue = .object([.init("receivedFrom", .number(String(from.number)))])
    }
    let diffValue = (try? JSONValue(parsing: Data(diff.json.utf8))) ?? .null
    let object: JSONValue = .object([
      .init("entry", .number(String(entry.number))),
      .init("origin", originValue),
      .init("action", .string(action)),
      .init("diff", diffValue),
    ])
    return object.text(pretty: false) + "\n"
  }
}
