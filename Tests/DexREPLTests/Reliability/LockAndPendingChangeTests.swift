import DexTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary against a favorites lock held by the test (as another process's `flock`
/// would), a favorites path that cannot be used for a while, and imports: nothing hangs and no
/// toggle is dropped silently.
@Suite(.serialized) struct LockAndPendingChangeTests {
  /// Takes the lock of `data/favorites.json` the way `flock favorites.json.lock` does.
  static func holdLock(in data: String) throws -> Int32 {
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let descriptor = open(data + "/favorites.json.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    return descriptor
  }

  static func favorites(in data: String) -> String? {
    try? String(contentsOfFile: data + "/favorites.json", encoding: .utf8)
  }

  @Test(.timeLimit(.minutes(1)))
  func aScriptWaitsForAHeldLockAtMostTenSecondsThenNamesTheLostTogglesAndFails() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let lock = try Self.holdLock(in: data)
    defer { close(lock) }
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await DexProcess.run(
      ["--data-dir", data], input: "fav 1\nfav 4\n", dataDirectory: false)
    let elapsed = clock.now - start
    #expect(elapsed > .seconds(9) && elapsed < .seconds(20), "took \(elapsed)")
    #expect(result.status == 1)
    #expect(
      result.errorLines.map(String.init) == [
        "dex: waiting for \(data)/favorites.json.lock, held by another process…",
        "dex: \(data)/favorites.json was not written (another process holds "
          + "\(data)/favorites.json.lock); these toggles are lost: fav 1 (Bulbasaur, added), "
          + "fav 4 (Charmander, added).",
      ])
    #expect(Self.favorites(in: data) == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func aToggleWaitingForTheLockIsWrittenOnceTheLockIsFree() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let lock = try Self.holdLock(in: data)
    let dex = try DexConversation(["--data-dir", data], directory: directory, name: "waiting")
    #expect(try await dex.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(try await dex.waitFor(.seconds(5)) { $0.contains("waiting for \(data)/favorites.json.lock") })
    close(lock)
    #expect(try await dex.waitFor(.seconds(5)) { _ in Self.favorites(in: data) == "[25]" })
    #expect(try await dex.finish() == 0)
    #expect(!dex.transcript.contains("not written"), "\(dex.transcript)")
  }

  @Test(.timeLimit(.minutes(1)))
  func aToggleKeptAfterTheWaitGaveUpIsWrittenOnceTheLockIsFreeWithoutAnotherChange()
    async throws
  {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let lock = try Self.holdLock(in: data)
    let dex = try DexConversation(["--data-dir", data], directory: directory, name: "given-up")
    #expect(try await dex.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(
      try await dex.waitFor(.seconds(20)) {
        $0.contains("gave up waiting for \(data)/favorites.json.lock, held by another process. "
          + "Changes are kept in memory and written once it is free (or at exit).")
      })
    close(lock)
    #expect(try await dex.waitFor(.seconds(5)) { _ in Self.favorites(in: data) == "[25]" })
    #expect(try await dex.finish() == 0)
    #expect(!dex.transcript.contains("not written"), "\(dex.transcript)")
  }

  @Test(.timeLimit(.minutes(1)))
  func quitAfterTheWaitGaveUpSaysItIsWaitingAgainThenNamesTheLostToggle() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let lock = try Self.holdLock(in: data)
    defer { close(lock) }
    let dex = try DexConversation(["--data-dir", data], directory: directory, name: "quit")
    #expect(try await dex.type("fav 25", thenWaitFor: "#1 sent"))
    #expect(try await dex.waitFor(.seconds(20)) { $0.contains("gave up waiting") })
    let waiting = "dex: waiting for \(data)/favorites.json.lock, held by another process…"
    #expect(try await dex.type("quit", thenWaitFor: waiting))
    #expect(try await dex.finish() == 1)
    let lines = dex.transcript.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.suffix(2)) == [
        waiting,
        "dex: \(data)/favorites.json was not written (another process holds "
          + "\(data)/favorites.json.lock); these toggles are lost: fav 25 (Pikachu, added).",
      ], "\(dex.transcript)")
  }

  @Test(.timeLimit(.minutes(1)))
  func togglesKeptWhileFavoritesWasADirectoryAreMergedIntoTheFileThatReplacesIt() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let path = data + "/favorites.json"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let dex = try DexConversation(["--data-dir", data], directory: directory, name: "directory")
    #expect(try await dex.type("fav 1", thenWaitFor: "#1 sent"))
    #expect(try await dex.waitFor(.seconds(5)) { $0.contains("cannot read \(path): it is a directory") })
    // Replaced in one step, as a careful writer does (one that is not could race dex's write).
    try Data("[7]".utf8).write(to: URL(fileURLWithPath: directory.path("new.json")))
    try FileManager.default.removeItem(atPath: path)
    #expect(rename(directory.path("new.json"), path) == 0)
    // Seen like another process's write, and the kept toggle made on it.
    #expect(try await dex.waitFor(.seconds(5)) { $0.contains("#2 external favorites.json") })
    #expect(try await dex.waitFor(.seconds(5)) { _ in Self.favorites(in: data) == "[1,7]" })
    #expect(try await dex.type("fav 4", thenWaitFor: "#3 sent"))
    #expect(try await dex.finish() == 0)
    #expect(Self.favorites(in: data) == "[1,4,7]")
  }

  @Test func importLeavesFavoritesAsTheyAreAndRestoreWritesTheSessionsAsAnUndoableEntry() async throws {
    let directory = try TemporaryDirectory()
    let session = directory.path("session.json")
    let exported = try await DexProcess.run(input: "fav 1\nfav 25\nexport \(session)\n")
    #expect(exported.status == 0)
    let data = directory.path("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    try Data("[1,2,3]".utf8).write(to: URL(fileURLWithPath: data + "/favorites.json"))

    let imported = try await DexProcess.run(
      ["--data-dir", data], input: "import \(session)\nfavs\n", dataDirectory: false)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput.contains(
        "imported 2 entries; at #2\nfavorites.json not changed; 'restore favorites' writes the "
          + "session's\n1 Bulbasaur\n25 Pikachu\n"), "\(imported.standardOutput)")
    #expect(Self.favorites(in: data) == "[1,2,3]")

    let restored = try await DexProcess.run(
      ["--data-dir", data], input: "import \(session)\nrestore favorites\nlog\n",
      dataDirectory: false)
    #expect(restored.status == 0, "\(restored.standardError)")
    #expect(restored.standardOutput.contains("#3 external favorites.json"))
    #expect(restored.standardOutput.contains("#4 sent restore favorites.json"))
    #expect(restored.standardOutput.contains("> #4 sent restore favorites.json"))
    #expect(Self.favorites(in: data) == "[1,25]")

    try Data("[1,2,3]".utf8).write(to: URL(fileURLWithPath: data + "/favorites.json"))
    let undone = try await DexProcess.run(
      ["--data-dir", data], input: "import \(session)\nrestore favorites\nback\n",
      dataDirectory: false)
    #expect(undone.status == 0, "\(undone.standardError)")
    #expect(Self.favorites(in: data) == "[1,2,3]", "time travel undoes the restore")
  }

  @Test func restoreSaysWhenThereIsNothingToWrite() async throws {
    let hermetic = try await DexProcess.run(input: "fav 1\nrestore favorites\n", dataDirectory: false)
    #expect(hermetic.status == 0)
    #expect(
      hermetic.standardOutput.hasSuffix(
        "favorites.json lives in memory only in this session (a script or pipe without "
          + "--data-dir); there is no file to write.\n"))
    let directory = try TemporaryDirectory()
    let stored = try await DexProcess.run(
      ["--data-dir", directory.path("data")], input: "fav 1\nrestore favorites.json\n",
      dataDirectory: false)
    #expect(stored.standardOutput.hasSuffix("favorites.json already holds the session's value.\n"))
  }
}
