import DexTesting
import Foundation
import Testing

/// Session files edited by hand into hostile forms, through the real `dex`: none crashes it, none
/// adds a line to a recording or to what is printed, and each is refused in one line naming the
/// member that is wrong.
@Suite struct HostileSessionFileTests {
  /// A session with a favorite, a team member (with its UUID), the manual clock and a debounced
  /// search, exported to `session.json` in `directory`; returns the file's text.
  private func exportedSession(in directory: TemporaryDirectory) async throws -> String {
    let file = directory.path("session.json")
    let result = try await DexProcess.run(
      input: """
        fav 1
        send .team(.addTapped(id: 7))
        clock manual
        send .list(.search(.queryChanged("pi")))
        advance 300ms
        export \(file)

        """)
    #expect(result.status == 0, "\(result.standardError)")
    return try String(contentsOfFile: file, encoding: .utf8)
  }

  /// The exported session with `original` replaced by `replacement`, written to `hostile.json`.
  private func hostileFile(
    in directory: TemporaryDirectory, replacing original: String, with replacement: String
  ) async throws -> String {
    let text = try await exportedSession(in: directory)
    #expect(text.contains(original), "the export no longer holds \(original)")
    let file = directory.path("hostile.json")
    try text.replacingOccurrences(of: original, with: replacement).write(
      toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  /// One hostile form: the exported text it replaces, what it puts there (`ELSEWHERE` stands for
  /// a file the user never names), and the member the refusal names.
  struct HostileForm: Sendable, CustomTestStringConvertible {
    var name: String
    var original: String
    var replacement: String
    var message: String
    var testDescription: String { name }
  }

  static let forms: [HostileForm] = [
    HostileForm(
      name: "a script line carrying a second command",
      original: #"{"after": 2, "line": "clock manual"}"#,
      replacement: #"{"after": 2, "line": "clock manual\nexport! ELSEWHERE"}"#,
      message: #"$.script.commands[0].line should be a clock, advance, dep or 'cancel all' "#
        + #"command on one line but is "clock manual\nexport! "#),
    HostileForm(
      name: "a respond answer carrying a second command",
      original: #"{"after": 3, "line": "advance 300ms"}"#,
      replacement: #"{"after": 3, "line": "advance 300ms"}, {"after": 3, "command": "respond", "#
        + #""effect": 1, "rest": ".success(1)\nexport! ELSEWHERE"}"#,
      message: "$.script.commands[2].rest should be empty or an answer on one line such as "
        + #".failure(…) but is ".success(1)\nexport! "#),
    HostileForm(
      name: "a held note carrying a forged line",
      original: #""held": []"#,
      replacement: #""held": [{"after": 1, "note": "x\nwarning: forged"}]"#,
      message: #"$.script.held[0].note should be a note on one line but is "x\nwarning: forged""#),
    HostileForm(
      name: "a folded count at Int's limit",
      original: #""head": 4,"#,
      replacement: #""head": 4, "folded": 9223372036854775807,"#,
      message: "$.folded should be a count of entries from 0 to 9007199254740987 but is "
        + "9223372036854775807"),
    HostileForm(
      name: "a negative parent",
      original: #"{"number": 2, "parent": 1,"#,
      replacement: #"{"number": 2, "parent": -5,"#,
      message: "$.entries[1].parent names entry -5, which the document does not list before it"),
    HostileForm(
      name: "two team members with one id",
      original: #""members": []"#,
      replacement: #""members": [\#(member()), \#(member(nickname: "Twin"))]"#,
      message: "$.initial.state.team.members[1] is refused: element 0 has the same id, and each "
        + "id may occur once"),
    HostileForm(
      name: "a team member at level 9223372036854775807",
      original: #""members": []"#,
      replacement: #""members": [\#(member(level: "9223372036854775807"))]"#,
      message: "$.initial.state.team.members[0].level is refused: level 9223372036854775807 is "
        + "outside 1…100"),
    HostileForm(
      name: "a team member of Pokémon 9223372036854775807",
      original: #""members": []"#,
      replacement: #""members": [\#(member(pokemonID: "9223372036854775807"))]"#,
      message: "$.initial.state.team.members[0].pokemonID is refused: there is no Pokémon with "
        + "id 9223372036854775807 in the Pokédex"),
    HostileForm(
      name: "a default level of 9223372036854775807",
      original: #"{"kind": "appStorage", "name": "defaultLevel", "value": 5}"#,
      replacement: #"{"kind": "appStorage", "name": "defaultLevel", "value": 9223372036854775807}"#,
      message: "$.initial.shared[0].value is refused: defaultLevel 9223372036854775807 is outside "
        + "1…100"),
    HostileForm(
      name: "a favorite that is no Pokémon",
      original: #""value": []"#,
      replacement: #""value": [1, 9223372036854775807]"#,
      message: "$.initial.shared[3].value is refused: there is no Pokémon with id "
        + "9223372036854775807 in the Pokédex"),
  ]

  /// A team member as a session file holds it.
  private static func member(
    nickname: String = "Squirtle", level: String = "5", pokemonID: String = "7"
  ) -> String {
    #"{"id": "00000000-0000-0000-0000-000000000009", "pokemonID": \#(pokemonID), "#
      + #""nickname": "\#(nickname)", "level": \#(level)}"#
  }

  @Test(arguments: forms)
  func aHostileFileIsRefusedInOneLineAndTheRecordingHoldsOnlyWhatTheUserCaused(
    form: HostileForm
  ) async throws {
    let directory = try TemporaryDirectory()
    let elsewhere = directory.path("elsewhere.json")
    let file = try await hostileFile(
      in: directory, replacing: form.original,
      with: form.replacement.replacingOccurrences(of: "ELSEWHERE", with: elsewhere))
    let recording = directory.path("r.dex")
    let result = try await DexProcess.run(
      ["--keep-going"], input: "import \(file)\nrecord! \(recording)\n")
    #expect(result.status == 1, "\(result.standardOutput)")
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    let error = try #require(result.errorLines.first)
    #expect(error.hasPrefix("<stdin>:1: \(file): " + form.message), "\(error)")
    #expect(error.hasSuffix("; fix the document or export the session again."), "\(error)")
    #expect(!result.standardOutput.contains("forged"))
    // The session stayed as it was: the recording replays a session with nothing in it.
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(!recorded.contains("export"))
    #expect(!recorded.contains("send "))
    let replay = try await DexProcess.run([recording])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
  }

  @Test func anImportedScriptIsRecordedAgainFromItsPartsAndReplaysWritingNothingElse()
    async throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    let exported = try await DexProcess.run(
      input: """
        dep pokemonClient manual
        send .list(.onAppear)
        respond e1 failure(DexError(kind: network, message: "off\\tline"))
        clock manual
        advance 1.5s
        export \(file)

        """)
    #expect(exported.status == 0, "\(exported.standardError)")
    let recording = directory.path("r.dex")
    let imported = try await DexProcess.run(input: "import \(file)\nrecord! \(recording)\n")
    #expect(imported.status == 0, "\(imported.standardError)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(
      recorded.contains(
        """
        dep pokemonClient manual
        send .list(.onAppear)
        respond e1 .failure(DexError(kind: .network, message: "off\\tline"))
        clock manual
        advance 1500ms

        """), "\(recorded)")
    let replay = try await DexProcess.run([recording])
    #expect(replay.status == 0, "\(replay.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    #expect(files == ["r.dex", "session.json"])
  }

  @Test func stringsFromTheFileAreWrittenAsEscapedLiteralsNeverAsLines() async throws {
    let directory = try TemporaryDirectory()
    let elsewhere = directory.path("elsewhere.json")
    let file = try await hostileFile(
      in: directory, replacing: #"{"queryChanged": {"_0": "pi"}}"#,
      with: #"{"queryChanged": {"_0": "pi\nexport! \#(elsewhere)"}}"#)
    let recording = directory.path("r.dex")
    let imported = try await DexProcess.run(input: "import \(file)\nrecord! \(recording)\n")
    #expect(imported.status == 0, "\(imported.standardError)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains(#"send .list(.search(.queryChanged("pi\nexport! \#(elsewhere)")))"#))
    #expect(!recorded.split(separator: "\n").contains { $0.hasPrefix("export") })
    let replay = try await DexProcess.run([recording])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
  }

  /// Actions whose numbers Foundation or a feature would trap on: the entry is left out with
  /// one line naming it (where in the file's JSON, as every JSON decoding failure is worded),
  /// and the import goes on.
  @Test(arguments: [
    (
      #""location": 0"#, #""location": 9223372036854775807"#,
      "entry 2: invalid value at 'team._0.membersDeleted.atOffsets.indexes[0]': "
        + "the IndexSet range at 9223372036854775807 of length 1 is not one of offsets from 0 to "
        + "9223372036854775806"
    ),
    (
      #""offset": 0"#, #""offset": 9223372036854775807"#,
      "entry 4: invalid value at 'list._0.pageLoaded._0.success._0.offset': a page of 20 Pokémon "
        + "needs an offset from 0 to 9223372036854775787, not 9223372036854775807"
    ),
  ])
  func anActionWithANumberAtIntsLimitIsLeftOutWithOneLine(
    original: String, replacement: String, message: String
  ) async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    let exported = try await DexProcess.run(
      input: """
        send .team(.addTapped(id: 25))
        send .team(.membersDeleted(atOffsets: [0]))
        send .list(.onAppear)
        export \(file)

        """)
    #expect(exported.status == 0, "\(exported.standardError)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains(original))
    try text.replacingOccurrences(of: original, with: replacement).write(
      toFile: file, atomically: true, encoding: .utf8)
    let imported = try await DexProcess.run(input: "import \(file)\n")
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains(message), "\(imported.standardOutput)")
  }
}
