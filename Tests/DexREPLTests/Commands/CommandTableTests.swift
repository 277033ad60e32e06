import Foundation
import Testing

@testable import DexREPLCore

@Suite struct CommandTableTests {
  @Test func everyNameIsUniqueAndLowercase() {
    let names = CommandTable.allNames
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
    #expect(names.prefix(3) == ["send", "state", "diff"])
    #expect(names.suffix(7) == ["help", "?", "quit", "exit", "q", "\\q", ".quit", ":q"].suffix(7))
    #expect(CommandTable.command(named: "?")?.name == "help")
    for alias in ["q", "\\q", ".quit", ":q", "exit"] {
      #expect(CommandTable.command(named: alias)?.name == "quit")
    }
  }

  /// The REPL finds a script line's command in `byName`: the same command, with the same
  /// help, as `command(named:)` finds, for every name and alias.
  @Test func byNameFindsWhatCommandNamedFindsForEveryName() {
    let index = CommandTable.byName
    #expect(index.count == CommandTable.allNames.count)
    for name in CommandTable.allNames {
      let found = index[name]
      #expect(found?.descriptor == CommandTable.command(named: name)?.descriptor, "\(name)")
    }
    #expect(index["favourite"] == nil)
  }

  /// README's command table and `help` come from one source: each synopsis is a row of the
  /// table, as `help` prints it.
  @Test func readmeListsEveryCommandByItsSynopsis() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"),
      encoding: .utf8)
    for command in CommandTable.commands {
      let cell = "| `" + command.synopsis.replacingOccurrences(of: "|", with: "\\|") + "` |"
      #expect(readme.contains(cell), "README's command table has no row \(cell)")
    }
  }

  @Test func everySynopsisStartsWithTheCommandName() {
    for command in CommandTable.commands {
      #expect(command.synopsis.hasPrefix(command.name))
    }
  }

  @Test(arguments: [
    ("hepl", "help"),
    ("hlp", "help"),
    ("HELP", "help"),
    ("helpp", "help"),
    ("qiut", "quit"),
    ("quti", "quit"),
    ("exi", "exit"),
    ("eixt", "exit"),
  ])
  func nearTyposSuggestACommand(typed: String, suggested: String) {
    #expect(CommandTable.suggestion(for: typed) == suggested)
  }

  @Test(arguments: ["frobnicate", "xyz", "h", "hello world", "", "☃", "\\x"])
  func farWordsSuggestNothing(typed: String) {
    #expect(CommandTable.suggestion(for: typed) == nil)
  }

  @Test func firstWordCompletesToEveryCommandWithThePrefix() {
    #expect(CommandTable.completions(line: "he", wordStart: 0, word: "he") == ["help"])
    #expect(CommandTable.completions(line: "fav", wordStart: 0, word: "fav") == ["fav", "favs"])
    #expect(
      CommandTable.completions(line: "", wordStart: 0, word: "")
        == CommandTable.allNames.filter { !$0.hasSuffix("!") && $0.count > 1 && ($0.first?.isLetter ?? false) })
    #expect(CommandTable.completions(line: "  e", wordStart: 2, word: "e") == ["expect", "effects", "echo", "export", "exit"])
    #expect(CommandTable.completions(line: "z", wordStart: 0, word: "z") == [])
  }

  @Test func helpsArgumentCompletesToCommandNames() {
    #expect(CommandTable.completions(line: "help q", wordStart: 5, word: "q") == ["quit"])
    #expect(CommandTable.completions(line: "quit q", wordStart: 5, word: "q") == [])
    #expect(CommandTable.completions(line: "help quit q", wordStart: 10, word: "q") == [])
  }

  @Test(arguments: [
    ("", "", 0),
    ("help", "help", 0),
    ("hepl", "help", 1),
    ("ab", "ba", 1),
    ("kitten", "sitting", 3),
    ("pokémon", "pokemon", 1),
  ])
  func editDistanceCountsEditsAndSwaps(a: String, b: String, distance: Int) {
    #expect(a.editDistance(to: b) == distance)
    #expect(b.editDistance(to: a) == distance)
  }
}
