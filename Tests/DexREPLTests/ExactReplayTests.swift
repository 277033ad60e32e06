import DexTesting
import Foundation
import Testing

/// Replays through the real binary are exact: skip/unskip, export/import and recordings give
/// the state a straight run gives, UUIDs included; time travel never loses another process's
/// change; scripts never touch the user's files; `--json` prints only JSON objects.
@Suite struct ExactReplayTests {
  /// Team adds, a rename, a delete and a move, with counting UUIDs.
  static let teamSession = """
    send .team(.addTapped(id: 1))
    send .team(.addTapped(id: 4))
    send .team(.addTapped(id: 7))
    send .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000002"), action: .binding(.set(\\.nickname, "Blaze")))))
    send .team(.addTapped(id: 25))
    send .team(.membersDeleted(atOffsets: [0]))
    send .team(.membersMoved(fromOffsets: [1], toOffset: 0))

    """

  /// The team's members as `state` prints them, after `input`.
  static func members(after input: String, arguments: [String] = []) async throws -> String {
    let result = try await DexProcess.run(arguments, input: input + "state team.members\n")
    #expect(result.status == 0, "\(result.standardError)")
    return String(result.standardOutput.split(separator: "\n#").last ?? "")
      .components(separatedBy: "\n").drop { !$0.hasPrefix("[") }.joined(separator: "\n")
  }

  @Test func skippingAnAddEqualsAStraightRunWithoutItAndUnskippingRestoresEveryMember()
    async throws
  {
    let skipped = try await Self.members(after: Self.teamSession + "skip 3\n")
    let straight = try await Self.members(
      after: Self.teamSession.replacingOccurrences(
        of: "send .team(.addTapped(id: 7))\n", with: ""
      ).replacingOccurrences(
        of: "send .team(.addTapped(id: 25))",
        with: "dep uuid next 00000000-0000-0000-0000-000000000004\nsend .team(.addTapped(id: 25))"))
    #expect(skipped == straight)
    #expect(skipped.contains("Blaze") && skipped.contains("Pikachu"))
    let unskipped = try await Self.members(after: Self.teamSession + "skip 3\nunskip 3\n")
    let original = try await Self.members(after: Self.teamSession)
    #expect(unskipped == original)
    #expect(original.components(separatedBy: "TeamMemberFeature.State(").count - 1 == 3)
  }

  @Test func anExportedSessionImportsInAnotherProcessWithEveryMember() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    let original = try await Self.members(after: Self.teamSession + "export \(file)\n")
    let imported = try await Self.members(after: "import \(file)\n")
    #expect(imported == original)
    let log = try await DexProcess.run(input: "import \(file)\nlog\n")
    #expect(!log.standardOutput.contains("~"), "nothing drifts: \(log.standardOutput)")
  }

  @Test func anEntryWhoseInputsChangedIsMarkedDrifted() async throws {
    let full = (1...7).map { "send .team(.addTapped(id: \($0)))\n" }.joined()
    let result = try await DexProcess.run(input: full + "skip 2\nlog\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "drifted: entry #7 needed values it had not recorded (their inputs changed); 'log' marks them with ~"))
    #expect(result.standardOutput.contains("> #7 sent .team(.addTapped(id: 7)) (drifted)"))
  }

  @Test func aRecordingOfARandomUUIDSessionReplaysToTheSameTeamIdsIncluded() async throws {
    let directory = try TemporaryDirectory()
    let dex = try DexConversation(["--no-color"], directory: directory, name: "random")
    try await dex.type("dep uuid random", thenWaitFor: "")
    #expect(try await dex.type("send .team(.addTapped(id: 4))", thenWaitFor: "Charmander"))
    #expect(try await dex.type("send .team(.addTapped(id: 25))", thenWaitFor: "Pikachu"))
    #expect(try await dex.type("state team.members[1].id", thenWaitFor: "UUID(\""))
    let id = try #require(
      dex.transcript.components(separatedBy: "\n").last { $0.hasPrefix("UUID(\"") })
    #expect(!id.contains("00000000-0000-0000-0000"), "the UUIDs are random: \(id)")
    let script = directory.path("random.dex")
    let rename = "send .team(.members(.element(id: \(id), action: .binding(.set(\\.nickname, \"Sparky\")))))"
    #expect(try await dex.type(rename, thenWaitFor: "Sparky"))
    #expect(try await dex.type("record \(script)", thenWaitFor: "recorded 3 sent actions"))
    let before = dex.transcript.count
    #expect(try await dex.type("state team.members", thenWaitFor: "]"))
    let live = String(dex.transcript.dropFirst(before))
    #expect(try await dex.finish() == 0)
    let replayed = try await Self.members(after: "run \(script)\n")
    #expect(replayed.trimmingCharacters(in: .whitespacesAndNewlines)
      == live.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(replayed.contains("Sparky") && replayed.contains(id))
  }

  @Test func aVersionOneSessionImportsWithNewValuesAndMarksWhatDrifted() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    _ = try await DexProcess.run(input: "send .team(.addTapped(id: 25))\nexport \(file)\n")
    let version2 = try String(contentsOfFile: file, encoding: .utf8)
    let version1 = version2.replacingOccurrences(of: #""version": 2"#, with: #""version": 1"#)
      .replacingOccurrences(
        of: #", "recorded": [{"uuid": "00000000-0000-0000-0000-000000000001"}]"#, with: "")
    #expect(version1 != version2)
    try version1.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run(input: "dep uuid random\nimport \(file)\nlog\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains(
        "drifted: entry #1 needed values the file did not record (an older format)"))
    #expect(result.standardOutput.contains("> #1 sent .team(.addTapped(id: 25)) (drifted)"))
  }

  @Test func aVersionTwoSessionThatDriftedBeforeItsExportSaysItsInputsChangedThere()
    async throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    let full = (1...7).map { "send .team(.addTapped(id: \($0)))\n" }.joined()
    let exported = try await DexProcess.run(input: full + "skip 2\nexport \(file)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let result = try await DexProcess.run(input: "import \(file)\nlog\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "drifted: entry #7 needed values it had not recorded (their inputs changed before the "
          + "export); 'log' marks them with ~\n"), "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("older format"))
    #expect(result.standardOutput.contains("> #7 sent .team(.addTapped(id: 7)) (drifted)"))
  }

  @Test func theCommittedGeneratedTestOfARandomSessionIsWhatGentestWritesByteForByte()
    async throws
  {
    let root = ScriptTranscriptTests.scriptsDirectory.deletingLastPathComponent()
    let script = root.appendingPathComponent("Tests/DexREPLTests/Sessions/random-uuids.dex")
    let committed = root.appendingPathComponent(
      "Tests/PokedexCoreTests/Generated/GeneratedRandomUUIDSessionTests.swift")
    let directory = try TemporaryDirectory()
    let written = directory.path("GeneratedRandomUUIDSessionTests.swift")
    let result = try await DexProcess.run(
      input: try String(contentsOf: script, encoding: .utf8) + "gentest \(written)\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try String(contentsOfFile: written, encoding: .utf8)
        == String(contentsOf: committed, encoding: .utf8))
  }
}
