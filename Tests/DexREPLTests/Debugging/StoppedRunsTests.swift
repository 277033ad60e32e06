import DexTesting
import Foundation
import Testing

/// A breakpoint hit inside `run FILE`, through the real binary: the file stops at that line and
/// `continue` runs the rest of it (of each file of a nested run, innermost first), as a debugger
/// resumes what it stopped.
@Suite struct StoppedRunsTests {
  /// The bundled pagination script, whose last lines check the end of the list.
  static var paginationScript: String {
    ScriptTranscriptTests.scriptsDirectory.appendingPathComponent("pagination.dex").path
  }

  @Test func continueAfterAHitInTheMiddleOfPaginationRunsTheRestOfTheFile() async throws {
    let directory = try TemporaryDirectory()
    let dex = try DexConversation([], directory: directory, name: "pagination")
    #expect(try await dex.type("hide .list(.rowAppeared)", thenWaitFor: "hiding"))
    #expect(try await dex.type("hide .list(.pageLoaded)", thenWaitFor: "hiding"))
    #expect(try await dex.type("break when list.canLoadMore == false", thenWaitFor: "breakpoint 1"))
    #expect(
      try await dex.type(
        "run \(Self.paginationScript)",
        thenWaitFor:
          "run \(Self.paginationScript) stopped at line 53; 'continue' runs the rest"))
    #expect(!dex.transcript.contains("\"pecharunt\""), "the rest waits for continue")
    #expect(try await dex.type("continue", thenWaitFor: "\"pecharunt\""))
    #expect(try await dex.finish() == 0)
    #expect(!dex.transcript.contains("expectation failed"), "\(dex.transcript)")
  }

  @Test func aNestedRunResumesTheInnerFileThenTheOuterOne() async throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path("sub"), withIntermediateDirectories: true)
    try "fav 1\nrun b.dex\nfav 25\n".write(
      toFile: directory.path("sub/a.dex"), atomically: true, encoding: .utf8)
    try "fav 4\nfav 7\n".write(
      toFile: directory.path("sub/b.dex"), atomically: true, encoding: .utf8)
    let a = directory.path("sub/a.dex")
    let b = directory.path("sub/b.dex")
    let result = try await DexProcess.run(
      input: """
        break on .favorites(.favoriteTapped(id: 4))
        run \(a)
        expect favorites.favorites == [1, 4]
        continue
        expect favorites.favorites == [1, 4, 7, 25]

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "run \(a) stopped at \(b):1, inside \(a):2; 'continue' runs the rest\n"),
      "\(result.standardOutput)")
  }

  @Test func abortDropsTheHeldEffectsAndLeavesTheFileStoppedForContinue() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("load.dex")
    try "clock manual\nsend .list(.onAppear)\nfav 25\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        break on .list(.onAppear)
        run \(script)
        effects
        abort
        abort
        continue
        expect favorites.favorites == [25]

        """)
    #expect(result.status == 1, "the second abort is refused")
    #expect(
      result.standardOutput.contains(
        "dropped the work the breakpoint held\n"
          + "run \(script) stays stopped at line 2; 'continue' runs the rest\n"),
      "\(result.standardOutput)")
    #expect(
      result.errorLines.map(String.init) == [
        "<stdin>:5: abort: no breakpoint hit holds anything to abort; run \(script) stays "
          + "stopped at line 2; 'continue' runs the rest."
      ])
  }

  @Test func aFailureInTheRestFailsTheRunLinesAroundItAtContinue() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("failing.dex")
    try "fav 1\nexpect favorites.favorites == [4]\nfav 7\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run(
      input: "break on .favorites\nrun \(script)\ncontinue\n")
    #expect(result.status == 1)
    #expect(
      result.errorLines.map(String.init) == [
        "\(script):2: expectation failed: favorites.favorites: expected [4], found [1]",
        "<stdin>:3: script \(script) stopped at the failure above.",
      ])
  }
}
