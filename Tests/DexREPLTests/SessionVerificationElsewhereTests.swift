import DexTesting
import Foundation
import Testing

/// `dex --verify` of a session exported by another `dex` run with a data directory of its own,
/// as on another machine or in CI: the check compares the values the session reaches, not the
/// paths of the files that keep them, and a divergence shows the recorded and reached values.
@Suite struct SessionVerificationElsewhereTests {
  /// A favorite, then the trainer's name edited through the trainer editor's projection.
  private static let session = """
    fav 25
    send .team(.trainerTapped)
    send .team(.editor(.presented(.nameChanged("Ash"))))

    """

  /// Exports `session` from a run with a fresh data directory into `file`.
  private func export(to file: String) async throws {
    let exported = try await DexProcess.run(input: Self.session + "export \(file)\n")
    #expect(exported.status == 0, "\(exported.standardError)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    // The file names favorites.json by the path of the exporting run's data directory.
    #expect(text.contains(#"/data/favorites.json""#))
  }

  @Test func aSessionExportedWithAnotherDataDirectoryVerifiesClean() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    try await export(to: file)
    // Another run: a data directory of its own.
    let verified = try await DexProcess.run(["--verify", file])
    #expect(verified.standardError == "")
    #expect(verified.standardOutput == "verified \(file): 3 entries replay to the recorded moments\n")
    #expect(verified.status == 0)
  }

  @Test func aDivergenceElsewhereShowsTheRecordedNameAgainstTheReachedOne() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("session.json")
    try await export(to: file)
    // The file as if the session had reached "Misty" at #3: its patch and its digest.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.contains(#""number": 3,"#) else { return String(line) }
      return line.replacingOccurrences(
        of: #"{"name": {"value": "Ash"}}"#, with: #"{"name": {"value": "Misty"}}"#
      ).replacingOccurrences(
        of: #""digest": "[0-9a-f]{16}""#, with: #""digest": "0000000000000000""#,
        options: .regularExpression)
    }
    let tampered = lines.joined(separator: "\n")
    #expect(tampered.contains("Misty") && tampered.contains("0000000000000000"))
    try tampered.write(toFile: file, atomically: true, encoding: .utf8)
    let verified = try await DexProcess.run(["--verify", file])
    #expect(
      verified.standardOutput == """
        #3 .team(.editor(.presented(.nameChanged("Ash")))) diverges (recorded: −, now: +)
          @Shared(team.trainer): Trainer(
        -   name: "Misty"
        +   name: "Ash"
            … (1 unchanged)
          )

        """)
    #expect(
      verified.standardError == "\(file): 1 of 3 entries diverges; 'log' and 'diff N' show the "
        + "session as it replays now.\n")
    #expect(verified.status == 1)
  }
}
