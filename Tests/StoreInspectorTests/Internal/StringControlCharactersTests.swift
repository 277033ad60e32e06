import Testing

@testable import StoreInspector

@Suite struct StringControlCharactersTests {
  @Test(arguments: [
    ("plain text, é and 😀", "plain text, é and 😀"),
    ("a\nb", #"a\nb"#),
    ("tab\there\r\0", #"tab\there\r\0"#),
    ("\u{1B}[2Kforged", #"\u{1B}[2Kforged"#),
    ("C1 \u{9B} and DEL \u{7F}", #"C1 \u{9B} and DEL \u{7F}"#),
    ("line\u{2028}paragraph\u{2029}", #"line\u{2028}paragraph\u{2029}"#),
  ])
  func controlCharactersAndLineBreaksAreWrittenAsEscapes(text: String, escaped: String) {
    #expect(text.escapingControlCharacters == escaped)
    #expect(text.hasControlCharacters == (text != escaped))
  }
}
