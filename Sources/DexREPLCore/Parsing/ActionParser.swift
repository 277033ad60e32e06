import Composable
import DexPlatform
import StoreInspector

/// Reads an action typed in Swift syntax (`.items(.rowSelected(id: 25))`, the leading dots
/// optional, `#N` for the id of row N) through the action case tables.
enum ActionParser<Action: CasePathable> {
  /// The action `text` spells, or a one-line reason it does not; `row` gives the id literal
  /// of a `#N` (see `ActionSpelling`).
  ///
  /// A script sends the same few actions again and again, and decoding one through the case
  /// tables costs more than reducing it: the actions last parsed are kept by their text (after
  /// `#N` became an id, so a kept action never stands for another row).
  static func parse(
    _ text: String, synopsis: String,
    row: (_ casePath: [String], _ index: Int) throws(REPLError) -> String = ActionSpelling.noRow
  ) throws(REPLError) -> Action {
    let trimmed = text.trimmingWhitespace()
    // The command is the synopsis's first word: `send`, `step`.
    let command = String(synopsis.prefix { !$0.isWhitespace })
    guard !trimmed.isEmpty else {
      throw .badArguments(command: command, problem: .actionNeeded, synopsis: synopsis)
    }
    if trimmed.hasPrefix("-") {
      let option = trimmed.prefix { !$0.isWhitespace }
      throw .badArguments(
        command: command, problem: .notAnOption(String(option), of: command), synopsis: synopsis)
    }
    let source = try ActionSpelling.normalized(trimmed, row: row)
    let key = RecentActions.Key(type: ObjectIdentifier(Action.self), text: source)
    if let known = RecentActions.action(for: key) as? Action { return known }
    let literal: Literal
    do {
      literal = try LiteralParser.parse(source)
    } catch {
      throw .failed(.unreadableAction(reason: "\(error)"))
    }
    let action: Action
    do {
      action = try LiteralDecoder.decode(CaseChecked<Action>.self, from: literal).value
    } catch {
      // A value its type refused (an offset out of range, a case with its valid ones listed)
      // says all there is; a payload of the wrong shape points to the signatures.
      let refusedValue: Bool
      if case DecodingError.dataCorrupted = error { refusedValue = true } else { refusedValue = false }
      throw .failed(.notAnAction(reason: describeDecodingError(error), refusedValue: refusedValue))
    }
    RecentActions.keep(action, for: key)
    return action
  }
}

/// The actions parsed lately, by action type and text; emptied when full.
private enum RecentActions {
  struct Key: Hashable {
    let type: ObjectIdentifier
    let text: String
  }

  private static let kept = LockedValue<[Key: any Sendable]>([:])
  private static let capacity = 1024

  static func action(for key: Key) -> (any Sendable)? {
    kept.withLock { $0[key] }
  }

  static func keep(_ action: any Sendable, for key: Key) {
    kept.withLock { kept in
      if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
      kept[key] = action
    }
  }
}
