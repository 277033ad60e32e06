import DexTesting
import Foundation
import Testing

/// `run FILE` through the real binary: a relative FILE in a script is read from that script's
/// directory, and a file that cannot be read is said the same way as `dex FILE` says it.
@Suite struct RunCommandTests {
  @Test func aRelativeRunInsideSubAIsReadFromSubNotFromTheWorkingDirectory() async throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path("sub"), withIntermediateDirectories: true)
    try "fav 1\nrun b.dex\n".write(
      toFile: directory.path("sub/a.dex"), atomically: true, encoding: .utf8)
    try "fav 4\n".write(toFile: directory.path("sub/b.dex"), atomically: true, encoding: .utf8)
    // A b.dex in the working directory would be the wrong one.
    #expect(!FileManager.default.fileExists(atPath: "b.dex"))
    for arguments in [[directory.path("sub/a.dex")], []] {
      let result = try await DexProcess.run(
        arguments,
        input: arguments.isEmpty ? "run \(directory.path("sub/a.dex"))\n" : "")
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains("#2 sent .favorites(.favoriteTapped(id: 4))"))
    }
  }

  @Test func aMissingScriptReadsTheSameFromRunAsFromTheCommandLine() async throws {
    let directory = try TemporaryDirectory()
    try "run missing.dex\n".write(
      toFile: directory.path("a.dex"), atomically: true, encoding: .utf8)
    let inside = try await DexProcess.run([directory.path("a.dex")])
    #expect(
      inside.errorLines.map(String.init) == [
        "\(directory.path("a.dex")):1: cannot read script \(directory.path("missing.dex")): "
          + "no such file."
      ])
    let top = try await DexProcess.run([directory.path("missing.dex")])
    #expect(
      top.errorLines.map(String.init) == [
        "dex: cannot read script \(directory.path("missing.dex")): no such file."
      ])
  }
}
