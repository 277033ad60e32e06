import Testing

/// An enum the generator cannot table is an error naming its file and line, as the build shows.
struct UnsupportedEnumTests {
  @Test(arguments: [
    (
      "enum Action { case a }",
      "Feature.swift:1: error: enum Action must declare Codable in its own file ('enum Action: "
        + "Codable, …'): the compiler synthesizes an enum's coding only there"
    ),
    (
      "enum Action: String, Codable { case a }",
      "Feature.swift:1: error: enum Action has the raw type String; a case-tabled enum's cases "
        + "carry payloads, not raw values"
    ),
    (
      "enum Action: Codable {\n  case a = 1\n}",
      "Feature.swift:2: error: case 'a' has a raw value; a case-tabled enum's cases carry "
        + "payloads, not raw values"
    ),
    (
      "enum Action: Codable {\n  case a\n#if DEBUG\n  case debug\n#endif\n}",
      "Feature.swift:3: error: #if inside the enum: the generator cannot tell which cases are "
        + "compiled; declare the cases unconditionally"
    ),
    (
      "enum Action: Codable {\n  case a\n  case run(@Sendable () -> Void)\n}",
      "Feature.swift:3: error: case 'run' carries a closure, which cannot be coded, compared or "
        + "printed; carry a value instead"
    ),
    (
      "enum Action: Codable { case many(Int...) }",
      "Feature.swift:1: error: case 'many' has a variadic argument; carry an array instead"
    ),
    (
      "enum Action: Codable { case empty() }",
      "Feature.swift:1: error: case 'empty' has empty parentheses; write 'case empty' without them"
    ),
    (
      "struct F {\n  private enum Action: Codable { case a }\n}",
      "Feature.swift:2: error: enum F.Action is private, so its generated table (in another file) "
        + "cannot see it; make it internal or wider"
    ),
    (
      "#if os(Linux)\nenum Action: Codable { case a }\n#endif",
      "Feature.swift:2: error: enum Action is declared inside #if; the generator cannot tell "
        + "whether it is compiled, so declare it unconditionally"
    ),
    (
      "struct Box<T> {\n  enum Action: Codable { case a }\n}",
      "Feature.swift:2: error: enum Box.Action is generic; declare 'extension Box.Action: "
        + "CasePathable where …' beside it and the generator supplies the members"
    ),
    (
      "enum Action: Codable {\n  case a\n  case a(Int)\n}",
      "Feature.swift:3: error: enum Action has two cases named 'a'; give each case its own name"
    ),
    (
      "enum Action: Codable {\n  case a\n  struct Cases {}\n}",
      "Feature.swift:3: error: Action.Cases is written by hand; delete it, the generator writes "
        + "the case table"
    ),
  ])
  func isAnErrorNamingFileAndLine(source: String, error: String) async throws {
    let run = try await GeneratorRun(source)
    #expect(run.status == 1)
    #expect(run.errors == [error])
    #expect(run.generated == nil, "nothing is written")
  }

  @Test func everyProblemOfEveryFileIsReportedAtOnce() async throws {
    let run = try await GeneratorRun([
      ("A.swift", "enum Action { case a }"),
      ("B.swift", "struct B {\n  enum Action: Codable { case a = 1 }\n}"),
    ])
    #expect(run.errors.map { $0.prefix(11) } == ["A.swift:1: ", "B.swift:2: "])
  }

  @Test func codableFromAnExtensionCountsOnlyInTheEnumsOwnFile() async throws {
    let sameFile = try await GeneratorRun(
      "enum Action { case a }\nextension Action: Decodable, Encodable {}")
    #expect(sameFile.errors == [])
    let otherFile = try await GeneratorRun([
      ("A.swift", "enum Action { case a }"), ("B.swift", "extension Action: Codable {}"),
    ])
    #expect(otherFile.errors.count == 1)
  }
}
