import Composable
import DexPlatform
import DexREPLCore
import DexTesting
import Foundation
import Testing

/// `record --expect` over apps that know nothing of the Pokédex: the recording checks what each
/// line changed, passes on the build that made it and stops at FILE:LINE on one that changed.
@Suite struct RecordExpectationsTests {
  @Test func eachLineThatChangedTheStateIsFollowedByTheExpectsOfWhatItChanged() async throws {
    let directory = try TemporaryDirectory()
    let recording = directory.url.appendingPathComponent("recorded.dex").path
    let result = try await dex(
      CounterApp.self, directory,
      """
      send incrementTapped
      clock manual
      send delayedIncrementTapped
      advance 1s
      send decrementTapped
      record --expect \(recording)

      """)
    #expect(result.errors == "")
    #expect(result.output.hasSuffix("recorded 3 sent actions with 7 expectations to \(recording)\n"))
    #expect(
      try String(contentsOfFile: recording, encoding: .utf8) == """
        # dex session recorded by 'record'. Replay it with: dex FILE
        send .incrementTapped
        expect count == 1
        expect ids.count == 1
        expect ids[0] == UUID("00000000-0000-0000-0000-000000000001")
        clock manual
        send .delayedIncrementTapped
        expect isLoading == true
        advance 1s
        expect count == 2
        expect isLoading == false
        send .decrementTapped
        expect count == 1

        """)
    let replay = try await dex(CounterApp.self, directory, "run \(recording)\n")
    #expect(replay.errors == "")
    #expect(replay.status == 0)
  }

  @Test func aChangedReducerFailsTheReplayAtTheLineOfTheFirstExpectItBreaks() async throws {
    let directory = try TemporaryDirectory()
    let recording = directory.url.appendingPathComponent("recorded.dex").path
    let recorded = try await dex(
      FavoritesApp.self, directory,
      """
      send favoriteTapped(id: 25)
      send favoriteTapped(id: 1)
      send favoriteTapped(id: 25)
      record --expect \(recording)

      """)
    #expect(recorded.status == 0, "\(recorded.errors)")
    let lines = try String(contentsOfFile: recording, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      Array(lines.dropFirst()) == [
        "send .favoriteTapped(id: 25)", "expect favorites.count == 1",
        "expect favorites contains 25", "expect taps == 1",
        "send .favoriteTapped(id: 1)", "expect favorites.count == 2",
        "expect favorites contains 1", "expect taps == 2",
        "send .favoriteTapped(id: 25)", "expect favorites.count == 1", "expect taps == 3", "",
      ])
    #expect(try await dex(FavoritesApp.self, directory, "run \(recording)\n").status == 0)

    let changed = try await dex(InsertOnlyFavoritesApp.self, directory, "run \(recording)\n")
    #expect(changed.status == 1)
    #expect(
      changed.errors.hasPrefix(
        "\(recording):11: expectation failed: favorites.count: expected 1, found 2\n"))
  }

  /// Runs `script` through `dex` over `app`: its exit status and what it printed.
  private func dex<App: REPLApp>(
    _ app: App.Type, _ directory: TemporaryDirectory, _ script: String
  ) async throws -> (status: Int32, output: String, errors: String) {
    let file = directory.url.appendingPathComponent("session-\(UUID().uuidString).dex")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let output = LockedValue("")
    let errors = LockedValue("")
    // The REPL blocks while effects run: never on a thread of the concurrency pool.
    let status = try await onDedicatedThread {
      DexCommandLine<App>.run(
        arguments: [file.path], output: TextOutput { text in output.withLock { $0 += text } },
        errors: TextOutput { text in errors.withLock { $0 += text } })
    }
    return (status, output.withLock { $0 }, errors.withLock { $0 })
  }
}
