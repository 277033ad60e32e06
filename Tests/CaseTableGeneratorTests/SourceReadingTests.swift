import Testing

/// Sources that must not confuse the reader: whatever braces, quotes or `case`s hide in
/// comments, literals and bodies, the same table comes out.
struct SourceReadingTests {
  @Test(arguments: [
    "// enum Action { case b }\n/* enum /* nested */ Action { */",
    #"let text = "enum Action { case b }""#,
    #"let text = "a \" { quote""#,
    #"let text = "\(f("{", g(")"))) }""#,
    "let text = \"\"\"\n  enum Action {\n    case b\n  \"\"\"",
    ##"let text = #"a "quoted" \(not) { raw"#"##,
    ###"let text = ##"a "# still inside { "##"###,
    ##"let text = #"\#(f("{"))"#"##,
    "let pattern = #/ { [a-z]+ /#",
    "let pattern = /[{]+/",
    "let half = total / 2 / count",
    "func f() { switch x { case .b: break }; enum Local { case c } }",
    "var body: some Reducer { Reduce { _, _ in \"}\" } }",
    "#if DEBUG\nlet debug = true\n#endif",
    "import struct Foundation.Date",
    "final class Model { class func make() {} }",
    "private(set) var count = 0",
  ])
  func whatSurroundsTheEnumDoesNotChangeItsTable(noise: String) async throws {
    let run = try await GeneratorRun(
      "struct Feature {\n\(noise)\n  enum Action: Codable { case a, b(id: Int) }\n\(noise)\n}")
    let generated = try #require(run.generated, "\(run.errors)")
    #expect(
      GeneratedTableTests.caseLines(generated) == [
        #"let a = Case("a", value: Feature.Action.a) {"#,
        #"let b = Case("b", label: "id", Feature.Action.b(id:)) {"#,
      ])
  }

  @Test func typesInsideExtensionsAreFoundUnderTheExtendedType() async throws {
    let run = try await GeneratorRun(
      """
      struct Outer { struct Middle {} }
      public extension Outer.Middle {
        enum Action: Codable { case a }
      }
      """)
    let generated = try #require(run.generated, "\(run.errors)")
    #expect(generated.contains("extension Outer.Middle.Action: CasePathable {"))
  }

  @Test(arguments: [
    ("x\nlet text = \"abc", "Feature.swift:2: error: a string literal is never closed on its line"),
    ("x\n\n/* abc", "Feature.swift:3: error: a /* comment is never closed with */"),
    ("struct A {}\nstruct B {\n", "Feature.swift:2: error: this '{' is never closed"),
  ])
  func aFileTheReaderCannotFollowIsAnErrorAtItsLine(source: String, error: String) async throws {
    let run = try await GeneratorRun(source)
    #expect(run.status == 1)
    #expect(run.errors == [error])
  }
}
