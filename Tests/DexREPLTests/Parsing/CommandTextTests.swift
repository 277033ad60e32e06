import Testing

@testable import DexREPLCore

/// A line's command name and arguments: split at its first whitespace character, the way
/// `Character.isWhitespace` says, with ASCII lines split on their bytes.
@Suite struct CommandTextTests {
  @Test(arguments: [
    ("fav 25", "fav", "25"),
    ("favs", "favs", ""),
    ("send   .list(.onAppear)", "send", ".list(.onAppear)"),
    ("send\t.list(.onAppear)", "send", ".list(.onAppear)"),
    ("fav\r\n25", "fav", "25"),
    ("fav \u{301}25", "fav", "25"),
    ("fav Mr. Mime", "fav", "Mr. Mime"),
    ("fav Flabébé", "fav", "Flabébé"),
    ("fav\u{A0}25", "fav", "25"),
    ("fävs 1", "fävs", "1"),
    ("#comment", "#comment", ""),
  ])
  func splitsAtTheFirstWhitespaceCharacter(line: String, name: String, arguments: String) throws {
    let split = try #require(CommandText.nameAndArguments(line))
    #expect(split.name == name[...])
    #expect(split.arguments == arguments)
    let words = line.split(maxSplits: 1, whereSeparator: \.isWhitespace)
    #expect(String(words[0]) == name)
    #expect((words.count > 1 ? String(words[1]).trimmingWhitespace() : "") == arguments)
  }

  @Test func anEmptyLineHasNoCommand() {
    #expect(CommandText.nameAndArguments("") == nil)
  }
}
