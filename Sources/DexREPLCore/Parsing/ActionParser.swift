import Composable
import StoreInspector

/// Reads an action typed in Swift syntax (`.list(.rowTapped(id: 25))`, the leading dots
/// optional, `#N` for the id of row N) through the action case tables.
enum ActionParser<Action: CaseTabled> {
  /// The action `text` spells, or a one-line reason it does not; `row` gives the id literal
  /// of a `#N` (see `ActionSpelling`).
  static func parse(
    _ text: String, synopsis: String,
    row: (_ casePath: [String], _ index: Int) throws(REPLError) -> String = {
      _, index throws(REPLError) in
      throw .failed(Problem("#\(index) names a row, but no collection is shown here"))
    }
  ) throws(REPLError) -> Action {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else {
      throw .badArguments(
        command: "send", problem: "an action is needed, e.g. send .list(.onAppear)",
        synopsis: synopsis)
    }
    let source = try ActionSpelling.normalized(trimmed, row: row)
    let literal: Literal
    do {
      literal = try LiteralParser.parse(source)
    } catch {
      throw .failed(Problem("cannot read the action", reason: "\(error)"))
    }
    do {
      return try LiteralDecoder.decode(CaseChecked<Action>.self, from: literal).value
    } catch {
      throw .failed(
        Problem(
          "not an action", reason: describeDecodingError(error), hint: "Type 'actions' for the list."))
    }
  }
}
