import DexTesting
import Foundation
import Testing

/// `dex --html FILE SCRIPT…` and `export --html FILE` through the real binary: the page is
/// written at the end, also after a failure, and never over a file without the `!` form.
@Suite struct PageFileTests {
  static let tour = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent("tour.dex").path

  @Test func theLaunchOptionWritesThePageOfTheRunAndPrintsOnlyTheTranscript() async throws {
    let directory = try TemporaryDirectory()
    let page = directory.path("tour.html")
    let plain = try await DexProcess.run([Self.tour])
    let result = try await DexProcess.run(["--html", page, Self.tour])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == plain.standardOutput)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    for number in 1...9 { #expect(html.contains(#"<li id="entry-\#(number)""#)) }
    #expect(!html.contains(#"id="entry-10""#))
    #expect(html.components(separatedBy: #"<pre class="diff">"#).count - 1 == 9)
    #expect(html.contains("dex --html \(page) \(Self.tour)"))
    #expect(!html.contains("The run failed"))
    #expect(!html.contains("src=\"http"), "the page loads nothing from the network")
    #expect(!html.contains("<link"))
  }

  @Test func aFailingScriptStillWritesThePageShowingTheFailure() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("fails.dex")
    try "fav pikachu\nexpect favorites.favorites == [1]\nfav 4\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let page = directory.path("fails.html")
    let result = try await DexProcess.run(["--html=\(page)", script])
    #expect(result.status == 1)
    #expect(result.errorLines == ["\(script):2: expectation failed: favorites.favorites: expected [1], found [25]"])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("The run failed"))
    #expect(html.contains("\(script):2: expectation failed: favorites.favorites: expected [1], found [25]"))
    #expect(html.contains(#"id="entry-1""#))
    #expect(!html.contains(#"id="entry-2""#))
  }

  @Test func anExistingFileIsReplacedOnlyByTheBangForm() async throws {
    let directory = try TemporaryDirectory()
    let page = directory.path("kept.html")
    try "mine".write(toFile: page, atomically: true, encoding: .utf8)
    let refused = try await DexProcess.run(["--html", page, Self.tour])
    #expect(refused.status == 2)
    #expect(refused.errorLines == ["dex: \(page) exists; '--html! \(page)' replaces it."])
    #expect(refused.standardOutput.isEmpty, "nothing ran")
    #expect(try String(contentsOfFile: page, encoding: .utf8) == "mine")
    let replaced = try await DexProcess.run(["--html!", page, Self.tour])
    #expect(replaced.status == 0, "\(replaced.standardError)")
    #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
  }

  @Test func exportWritesThePageAndExportBangReplacesIt() async throws {
    let directory = try TemporaryDirectory()
    let page = directory.path("session.html")
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        fav pikachu
        export --html \(page)
        fav 4
        export --html \(page)
        export! --html \(page)
        """ + "\n")
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("wrote a page of 1 entry to \(page)"))
    #expect(result.standardOutput.contains("wrote a page of 2 entries to \(page)"))
    #expect(result.errorLines == ["<stdin>:4: \(page) exists; 'export! --html \(page)' replaces it."])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains(#"id="entry-2""#))
    #expect(html.contains("The run failed"), "the refused line is the run's failure")
  }

  @Test func anExternalEntryIsOnTheTimelineWithItsOwnOrigin() async throws {
    let directory = try TemporaryDirectory()
    let page = directory.path("external.html")
    let result = try await DexProcess.run(
      input: "fav 1\nshared favorites.json = [1, 4]\nexport --html \(page)\n")
    #expect(result.status == 0, "\(result.standardError)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains(#"<li id="entry-2" class="entry external here""#))
    #expect(html.contains(#"<span class="origin">external</span> <code class="action">favorites.json</code>"#))
  }

  @Test func theHTMLOptionNeedsAFileName() async throws {
    let result = try await DexProcess.run(["--html"])
    #expect(result.status == 2)
    #expect(result.errorLines == ["dex: option '--html' needs a value. Run 'dex --help' for usage."])
  }
}
