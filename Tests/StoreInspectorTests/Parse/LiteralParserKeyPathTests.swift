import Testing

@testable import StoreInspector

struct LiteralParserKeyPathTests {
  @Test func keyPathsParseToTheirPropertyNamesAndPrintBack() throws {
    #expect(try LiteralParser.parse(#"\.nickname"#) == .keyPath(["nickname"]))
    #expect(try LiteralParser.parse(#"\.pokemon.name"#) == .keyPath(["pokemon", "name"]))
    let binding = try LiteralParser.parse(#".set(\.nickname, "Sparky")"#)
    #expect(
      binding
        == .enumCase(
          "set", [.init(value: .keyPath(["nickname"])), .init(value: .string("Sparky"))]))
    #expect(binding.description == #".set(\.nickname, "Sparky")"#)
  }

  static let failures: [(text: String, message: String)] = [
    (#"\nickname"#, #"Unexpected 'n' at column 2; expected '.' after '\'."#),
    (#"\."#, "Unexpected end of input at column 3; expected a property name after '.'."),
    (#"\.a."#, "Unexpected end of input at column 5; expected a property name after '.'."),
    (#"\.1"#, "Unexpected '1' at column 3; expected a property name after '.'."),
  ]

  @Test(arguments: failures)
  func malformedKeyPathsSayWhatWasExpected(text: String, message: String) {
    do {
      _ = try LiteralParser.parse(text)
      Issue.record("expected \(text) to fail")
    } catch {
      #expect(error.message == message)
    }
  }
}
