import ComposableInspection
import StoreInspector

/// Which entries `log` keeps: `--changed` (those that changed something), `--path PATH` (those
/// that changed the value at PATH) and a case pattern (those whose action matches), all that
/// are given holding.
struct LogFilter<App: REPLApp> {
  typealias Moment = StoreMoment<App.Feature.State>
  typealias Action = App.Feature.Action

  var changedOnly = false
  var path: StatePath?
  var pattern: ActionPattern<Action>?

  /// The filter the arguments of `call` spell, nil when they ask for none.
  init?(parsing call: CommandCall, repl: REPL<App>) throws(REPLError) {
    let synopsis = call.synopsis
    var words = call.arguments.split(whereSeparator: \.isWhitespace).map(String.init)[...]
    var patternWords: [String] = []
    while let word = words.popFirst() {
      switch word {
      case "--changed":
        changedOnly = true
      case "--path":
        guard let text = words.popFirst() else {
          throw call.refusal(.pathOptionNeedsPath)
        }
        path = try repl.checkedPath(text, command: "log", synopsis: synopsis)
      default:
        guard !word.hasPrefix("--") else {
          throw call.refusal(.unknownOption(word))
        }
        patternWords.append(word)
      }
    }
    if !patternWords.isEmpty {
      pattern = try ActionPattern(
        parsing: patternWords.joined(separator: " "), command: "log", synopsis: synopsis,
        example: App.actionPatternExample)
    }
    if !changedOnly, path == nil, pattern == nil { return nil }
  }

  /// The entries of `entries` (the current branch's) the filter keeps.
  func kept(
    _ entries: [HistoryEntry<SessionStep<Action>>],
    in history: History<Moment, SessionStep<Action>>
  ) -> [HistoryEntry<SessionStep<Action>>] {
    var changing: Set<EntryID> = []
    if changedOnly || path != nil {
      history.replayCurrentBranch { entry, before, after in
        if keepsChange(before, after) { changing.insert(entry.id) }
      }
    }
    return entries.filter { entry in
      if let pattern, !(entry.action.action.map(pattern.matches) ?? false) { return false }
      return changedOnly || path != nil ? changing.contains(entry.id) : true
    }
  }

  private func keepsChange(_ before: Moment, _ after: Moment) -> Bool {
    if let path {
      return Debugger<App>.text(at: path, in: before)?.text
        != Debugger<App>.text(at: path, in: after)?.text
    }
    return !momentDiff(
      before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared
    ).isEmpty
  }
}
