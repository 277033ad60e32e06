import DexREPLCore
import Testing

/// `trimmingWhitespace()` returns a line with ASCII ends as it is, and trims every other the
/// way `Character.isWhitespace` says.
@Suite struct StringTrimmingTests {
  @Test(arguments: [
    ("fav 25", "fav 25"),
    ("a", "a"),
    ("  fav 25 ", "fav 25"),
    ("\tsend .list(.onAppear)\n", "send .list(.onAppear)"),
    ("fav 25\r\n", "fav 25"),
    ("fav 25\u{0B}", "fav 25"),
    ("\u{0C}fav 25", "fav 25"),
    ("\u{A0}fav\u{A0}", "fav"),
    ("\u{85}fav 25\u{2003}", "fav 25"),
    ("e\u{301}", "e\u{301}"),
    ("\u{600}1", "\u{600}1"),
    (" \u{600}1 ", "\u{600}1"),
    ("é fav ü", "é fav ü"),
    ("", ""),
    ("   ", ""),
    ("\u{2003}\n", ""),
  ])
  func trimsWhatCharacterCallsWhitespace(line: String, trimmed: String) {
    #expect(line.trimmingWhitespace() == trimmed)
    let reference = line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
    #expect(trimmed == String(reference))
  }
}
