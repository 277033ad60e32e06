import Testing

@testable import StoreInspector

/// Printable ASCII without `"` or `\` is copied between the quotes at once; every other string
/// goes through the escaping loop. Each case sits on one side of that line.
@Suite struct StringQuotedTests {
  @Test(arguments: [
    ("", #""""#),
    ("row-5000 ~ {}", #""row-5000 ~ {}""#),
    (#"say "hi""#, #""say \"hi\"""#),
    (#"C:\dir"#, #""C:\\dir""#),
    ("DEL \u{7F}", #""DEL \u{7F}""#),
    ("unit \u{1F}", #""unit \u{1F}""#),
    ("a\tb", #""a\tb""#),
    ("Pokémon", #""Pokémon""#),
  ])
  func aSwiftLiteralEscapesWhatItMust(text: String, literal: String) {
    #expect(text.quotedLiteral == literal)
  }

  @Test(arguments: [
    ("row-5000", #""row-5000""#),
    (#"a"b\c"#, #""a\"b\\c""#),
    ("\u{1F}", #""\u001f""#),
    ("DEL \u{7F}", "\"DEL \u{7F}\""),
  ])
  func aJSONStringEscapesWhatItMust(text: String, json: String) {
    #expect(text.jsonQuoted == json)
  }
}
