/// Every command the REPL knows for `App`, in the order `help` lists them: each feature's
/// commands (`REPLCommand.timeTravelCommands`…) and the app's, by `CommandSection`. Dispatch,
/// help, completion, did-you-mean and every usage line read this table; nothing else spells a
/// command name or a synopsis.
package enum CommandTable<App: REPLApp> {
  /// Every command, with the app's help examples.
  package static var commands: [REPLCommand<App>] {
    let all = Array(features.joined())
    // Stable: within a section, in the order the features list them.
    return CommandSection.allCases.flatMap { section in all.filter { $0.section == section } }
      .map(withAppHelp)
  }

  /// The commands of each feature, and the app's.
  private static var features: [[REPLCommand<App>]] {
    [
      REPLCommand.sendingCommands, REPLCommand.inspectingCommands,
      REPLCommand.timeTravelCommands, REPLCommand.debuggingCommands, App.commands.map(\.command),
      REPLCommand.dependencyCommands, REPLCommand.effectCommands,
      REPLCommand.sharedValueCommands, REPLCommand.scriptCommands, REPLCommand.fileCommands,
      REPLCommand.promptCommands, REPLCommand.outputCommands,
    ]
  }

  /// The command's page ends with the app's examples of it, if it has any
  /// (`REPLApp.helpExamples`).
  private static func withAppHelp(_ command: REPLCommand<App>) -> REPLCommand<App> {
    guard let examples = App.helpExamples[command.name], !examples.isEmpty else { return command }
    return command.withDetails(
      command.details + "\nFor example:\n" + examples.map { "  " + $0 }.joined(separator: "\n"))
  }

  /// Every name and alias, in table order.
  package static var allNames: [String] { commands.flatMap(\.names) }

  /// The command answering to `name` exactly (names are case-sensitive).
  package static func command(named name: String) -> REPLCommand<App>? {
    features.lazy.joined().first { $0.descriptor.answers(to: name) }.map(withAppHelp)
  }

  /// Every command by each name and alias it answers to (the first in table order where two
  /// share one): what `command(named:)` finds, built once by the REPL, which looks up a command
  /// for every line of a script.
  package static var byName: [String: REPLCommand<App>] {
    var index: [String: REPLCommand<App>] = [:]
    for command in commands {
      for name in command.names where index[name] == nil { index[name] = command }
    }
    return index
  }

  /// The name `word` was probably meant to be, if one is close enough.
  package static func suggestion(for word: String) -> String? {
    word.closestMatch(in: allNames.filter { $0.count > 1 && ($0.first?.isLetter ?? false) })
  }

  /// Completion for the REPL's line: command names in the first word, and after `help`.
  package static func completions(line: String, wordStart: Int, word: String) -> [String] {
    let wordsBefore = line.prefix(wordStart).split(whereSeparator: \.isWhitespace)
    let completesCommandName =
      wordsBefore.isEmpty || (wordsBefore.count == 1 && wordsBefore[0] == "help")
    guard completesCommandName else { return [] }
    return allNames.filter {
      // Aliases of one letter or in other REPLs' spellings (`q`, `\\q`, `?`) are typed, not offered.
      $0.hasPrefix(word) && !$0.hasSuffix("!") && ($0.first?.isLetter ?? false) && $0.count > 1
    }
  }
}
