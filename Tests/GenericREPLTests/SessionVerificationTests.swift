import Composable
import DexPlatform
import DexREPLCore
import DexTesting
import Foundation
import Testing

/// `dex --verify` and `import --verify` over a small app whose reducer changes between the run
/// that exports a session and the run that verifies it.
@Suite struct SessionVerificationTests {
  /// The session every test exports: a favorite tapped on, then off again, then another.
  private static let session = """
    send favoriteTapped(id: 1)
    send favoriteTapped(id: 25)
    send favoriteTapped(id: 25)
    send favoriteTapped(id: 4)
    send clearTapped

    """

  @Test func anUnchangedBuildReplaysEveryEntryAsRecordedAndExitsZero() async throws {
    try await withExportedSession { file in
      let result = try await dex(FavoritesApp.self, ["--verify", file])
      #expect(result.errors == "")
      #expect(result.output == "verified \(file): 5 entries replay to the recorded moments\n")
      #expect(result.status == 0)
    }
  }

  @Test func aToggleThatOnlyInsertsDivergesAtTheFirstTapThatRemovedAndExitsOne() async throws {
    try await withExportedSession { file in
      let result = try await dex(InsertOnlyFavoritesApp.self, ["--verify", file])
      #expect(
        result.output == """
          #3 .favoriteTapped(id: 25) diverges (recorded: −, now: +)
            Favorites.State(
              favorites: [
          +     25
                … (1 unchanged)
              ]
              … (1 unchanged)
            )
          #4 .favoriteTapped(id: 4) diverges at 1 path: favorites[25]

          """)
      #expect(
        result.errors == "\(file): 2 of 5 entries diverge; 'log' and 'diff N' show the session "
          + "as it replays now.\n")
      #expect(result.status == 1)
    }
  }

  @Test func anActionThatNoLongerDecodesIsReportedWithItsRecordedTextAndTheCheckGoesOn()
    async throws
  {
    try await withExportedSession { file in
      let result = try await dex(RenamedFavoritesApp.self, ["--verify", file])
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(lines.filter { $0.contains("no longer decodes") }.count == 4)
      #expect(
        lines.first == #"#1 {"favoriteTapped":{"id":1}} no longer decodes: 'favoriteTapped' is "#
          + "not a case of RenamedFavorites.Action; valid cases: .starTapped, .clearTapped")
      // Without the taps, the entry after them is checked and counts none.
      #expect(result.output.hasSuffix("#5 .clearTapped diverges (recorded: −, now: +)\n  Favorites.State(\n    … (1 unchanged)\n-   taps: 4\n+   taps: 0\n  )\n"))
      #expect(
        result.errors == "\(file): 1 of 5 entries diverges and 4 actions no longer decode; 'log' "
          + "and 'diff N' show the session as it replays now.\n")
      #expect(result.status == 1)
    }
  }

  @Test func jsonGivesOneObjectPerDivergence() async throws {
    try await withExportedSession { file in
      let result = try await dex(InsertOnlyFavoritesApp.self, ["--json", "--verify", file])
      let objects = result.output.split(separator: "\n")
      #expect(objects.count == 3)
      #expect(objects[0].hasPrefix(#"{"type":"divergence","entry":3,"action":".favoriteTapped(id: 25)","diff":"#))
      #expect(objects[1].hasPrefix(#"{"type":"divergence","entry":4,"#))
      #expect(objects[2].hasPrefix(#"{"type":"error""#))
      #expect(result.status == 1)
    }
  }

  @Test func importVerifyChecksFromThePromptAndLeavesTheSessionImported() async throws {
    try await withExportedSession { file in
      let script = URL(fileURLWithPath: file).deletingLastPathComponent()
        .appendingPathComponent("check.dex").path
      try "import --verify \(file)\njump 4\nexpect favorites == [1, 4, 25]\n"
        .write(toFile: script, atomically: true, encoding: .utf8)
      let result = try await dex(InsertOnlyFavoritesApp.self, ["--keep-going", script])
      #expect(result.output.hasPrefix("#3 .favoriteTapped(id: 25) diverges (recorded: −, now: +)\n"))
      // The expect on line 2 passes: the session is the one imported, replayed by this build.
      #expect(
        result.errors == "\(script):1: \(file): 2 of 5 entries diverge; 'log' and 'diff N' show "
          + "the session as it replays now.\n")
      #expect(result.status == 1)
    }
  }

  @Test func aSessionExportedWithoutChecksIsNamedAndRefused() async throws {
    try await withExportedSession { file in
      // What an older dex wrote: the same entries without their "check" members.
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let older = text.replacingOccurrences(
        of: #", "check": \{"digest": "[0-9a-f]{16}", "patch": .*\}\}"#, with: "}",
        options: .regularExpression)
      #expect(!older.contains("check"))
      try older.write(toFile: file, atomically: true, encoding: .utf8)
      let result = try await dex(FavoritesApp.self, ["--verify", file])
      #expect(
        result.errors == "\(file): the session keeps no recorded moments to compare (it was "
          + "exported by an older dex); export it again with this one to verify it later.\n")
      #expect(result.status == 1)
    }
  }

  @Test func aPatchThatDoesNotFitItsMomentIsRefusedNamingItsPathWhileImportStillReadsTheFile()
    async throws
  {
    try await withExportedSession { file in
      let text = try String(contentsOfFile: file, encoding: .utf8)
      try text.replacingOccurrences(
        of: #""patch": {"members""#, with: #""patch": {"prefix": 99, "suffix": 0, "elements": [], "x""#
      ).write(toFile: file, atomically: true, encoding: .utf8)
      let result = try await dex(FavoritesApp.self, ["--verify", file])
      #expect(
        result.errors.hasPrefix(
          "\(file): $.entries[0].check.patch should be a patch of an object or an array"))
      #expect(result.status == 1)
      let script = URL(fileURLWithPath: file).deletingLastPathComponent()
        .appendingPathComponent("import.dex").path
      try "import \(file)\nexpect taps == 4\n".write(toFile: script, atomically: true, encoding: .utf8)
      let imported = try await dex(FavoritesApp.self, [script])
      #expect(imported.errors == "")
      #expect(imported.status == 0)
    }
  }

  @Test func aMissingSessionOrScriptsBesideItAreUsageErrors() async throws {
    let missing = try await dex(FavoritesApp.self, ["--verify", "/nonexistent/session.json"])
    #expect(missing.errors == "dex: cannot read session /nonexistent/session.json: no such file.\n")
    #expect(missing.status == 2)
    let both = try await dex(FavoritesApp.self, ["--verify", "session.json", "tour.dex"])
    #expect(
      both.errors == "dex: --verify replays session.json alone; run the scripts without it: dex tour.dex.\n")
    #expect(both.status == 2)
  }

  // MARK: Running dex

  /// Exports `session` from the first build into a file, then runs `body` with its path.
  private func withExportedSession(_ body: (String) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("session-verification-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("session.dex").path
    let file = directory.appendingPathComponent("session.json").path
    try (Self.session + "export \(file)\n").write(toFile: script, atomically: true, encoding: .utf8)
    let exported = try await dex(FavoritesApp.self, [script])
    #expect(exported.status == 0, "\(exported.errors)")
    try await body(file)
  }

  /// Runs `dex` over `app` with `arguments`: its exit status and what it printed.
  private func dex<App: REPLApp>(
    _ app: App.Type, _ arguments: [String]
  ) async throws -> (status: Int32, output: String, errors: String) {
    let streams = Streams()
    // The REPL blocks while effects run: never on a thread of the concurrency pool.
    let status = try await onDedicatedThread {
      DexCommandLine<App>.run(
        arguments: arguments, output: TextOutput { streams.append(output: $0) },
        errors: TextOutput { streams.append(errors: $0) })
    }
    return (status, streams.output, streams.errors)
  }
}

/// What a run printed on each stream, appended from any thread.
private final class Streams: Sendable {
  private let streams = LockedValue((output: "", errors: ""))

  var output: String { streams.withLock { $0.output } }
  var errors: String { streams.withLock { $0.errors } }

  func append(output text: String) { streams.withLock { $0.output += text } }
  func append(errors text: String) { streams.withLock { $0.errors += text } }
}
