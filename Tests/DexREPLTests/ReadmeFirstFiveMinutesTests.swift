import DexTesting
import Foundation
import Testing

/// README's "First five minutes" is a real session: its commands, run through the real `dex`,
/// print what README shows.
@Suite struct ReadmeFirstFiveMinutesTests {
  /// README's section, from its heading to the next.
  static func section() throws -> Substring {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"),
      encoding: .utf8)
    let start = try #require(readme.range(of: "## First five minutes\n"))
    let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
    return readme[start.upperBound..<end.lowerBound]
  }

  @Test func itsCommandsPrintWhatItShows() async throws {
    var commands: [String] = []
    var shown: [String] = []
    var inBlock = false
    for line in try Self.section().split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock.toggle()
      } else if inBlock, line.hasPrefix("dex> ") {
        commands.append(String(line.dropFirst(5)))
      } else if inBlock, !line.hasPrefix("$ "), !line.hasPrefix("dex 0.") {
        // A terminal's summary of held effects is not printed to a file.
        if line.wholeMatch(of: /\d+ effects? held by break #\d+: .*/) == nil {
          shown.append(String(line))
        }
      }
    }
    #expect(commands.count >= 10)

    let directory = try TemporaryDirectory()
    let result = try await DexProcess.run(
      input: commands.joined(separator: "\n") + "\n", workingDirectory: directory.url)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.split(separator: "\n").map(String.init) == shown)
    #expect(FileManager.default.fileExists(atPath: directory.path("first.dex")))
  }
}
