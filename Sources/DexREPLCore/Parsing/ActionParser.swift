import PokedexCore
import StoreInspector
import Synchronization

/// Reads an action typed in Swift syntax (`.list(.rowTapped(id: 25))`, the leading dot
/// optional) through the action case tables.
enum ActionParser {
  /// The action `text` spells, or a one-line reason it does not.
  ///
  /// A script sends the same few actions again and again, and decoding one through the case
  /// tables costs more than reducing it: the actions last parsed are kept by their text.
  static func parse(_ text: String) throws(REPLError) -> AppFeature.Action {
    let trimmed = text.trimmingWhitespace()
    if let known = recent.withLock({ $0[trimmed] }) { return known }
    let action = try decode(trimmed)
    recent.withLock { recent in
      if recent.count >= recentCapacity { recent.removeAll(keepingCapacity: true) }
      recent[trimmed] = action
    }
    return action
  }

  /// Actions parsed lately, by their trimmed text; emptied when full.
  private static let recent = Mutex<[String: AppFeature.Action]>([:])
  private static let recentCapacity = 1024

  private static func decode(_ trimmed: String) throws(REPLError) -> AppFeature.Action {
    guard !trimmed.isEmpty else {
      throw .badArguments(
        command: "send", problem: "an action is needed, e.g. send .list(.onAppear)",
        synopsis: "send ACTION")
    }
    let source = trimmed.hasPrefix(".") ? trimmed : "." + trimmed
    let literal: Literal
    do {
      literal = try LiteralParser.parse(source)
    } catch {
      throw .failed("cannot read the action: \(error)")
    }
    do {
      return try LiteralDecoder.decode(AppFeature.Action.self, from: literal)
    } catch {
      throw .failed("not an action: \(describeDecodingError(error)). Type 'actions' for the list.")
    }
  }
}
