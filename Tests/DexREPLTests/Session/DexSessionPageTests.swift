import DexPlatform
import DexTesting
import Foundation
import Composable
import PokedexCore
import Testing

@testable import DexREPLCore
@testable import StoreInspector

/// The page of a session: its moments are the moments history rebuilds, its diffs are the
/// transcript's, and user text never leaves its element.
@Suite(.isolatedSharedState) struct DexSessionPageTests {
  /// Runs `body` with a REPL that ran `lines` (a script of scripts/ when `script` is given),
  /// off the concurrency pool (the REPL blocks while effects run), and returns what it found
  /// wrong.
  private func problems(
    script: String? = nil, lines: [String] = [], recordsPage: Bool = false,
    isInteractive: Bool = false, _ body: @escaping @Sendable (REPL, String) -> [String]
  ) async throws -> [String] {
    let container = SharedContainer.current
    return try await onDedicatedThread {
      SharedContainer.$current.withValue(container) {
        let capture = OutputCapture()
        var settings = SessionSettings()
        settings.recordsPage = recordsPage
        settings.isInteractive = isInteractive
        let repl = makeREPL(
          sourceName: script ?? "<test>", output: capture.output, settings: settings)
        if let script {
          let path = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script).path
          guard var file = ScriptFile(path: path) else { return ["cannot read \(path)"] }
          repl.runLines(source: script, next: { file.next() })
          file.close()
        }
        for line in lines where repl.execute(line) != .proceed { return ["rejected: \(line)"] }
        if repl.rejectedCount > 0 { return ["\(repl.failures)"] }
        return body(repl, capture.text)
      }
    }
  }

  @Test(arguments: ScriptTranscriptTests.scripts)
  func everyMomentOnThePageIsTheOneHistoryRebuilds(script: String) async throws {
    let found = try await problems(script: script) { repl, _ in
      let page = repl.session.pageDescription(failures: [])
      return repl.session.withHistory { history in
        var model = PageModel(history: history, page: page)
        return Self.momentProblems(of: &model, history: history, page: page)
      }
    }
    #expect(found.isEmpty, "\(found.prefix(3))")
  }

  /// The same for a page whose entries were worked out as the session recorded them: the
  /// state a shared change diffs again is the one after the entry before (time travel, other
  /// branches and external changes included).
  @Test(arguments: ScriptTranscriptTests.scripts)
  func everyMomentOnARecordedPageIsTheOneHistoryRebuilds(script: String) async throws {
    let found = try await problems(script: script, recordsPage: true) { repl, _ in
      let page = repl.session.pageDescription(failures: [])
      return repl.session.withRecordedPage { history, recording in
        // Nil after a skip or a fold, which work the moments out again.
        let recorded = recording?.model(for: history)
        var model = PageModel(history: history, page: page, recorded: recorded)
        return Self.momentProblems(of: &model, history: history, page: page)
      }
    }
    #expect(found.isEmpty, "\(found.prefix(3))")
  }

  /// Where the moments of `model`'s entries are not the ones `history` rebuilds, dumped afresh.
  private static func momentProblems<Moment, Action>(
    of model: inout PageModel, history: History<Moment, Action>,
    page: SessionPage<Moment, Action>
  ) -> [String] {
    var problems: [String] = []
    if model.entries.count != history.allEntries.count || model.entries.isEmpty {
      problems.append("\(model.entries.count) entries on the page, \(history.count) in history")
    }
    for entry in model.entries {
      guard let moment = try? history.moment(at: EntryID(entry.number)) else {
        problems.append("#\(entry.number) has no moment")
        continue
      }
      for root in page.roots(moment) {
        guard let index = model.rootTitles.firstIndex(of: root.title) else {
          problems.append("#\(entry.number): no root \(root.title)")
          continue
        }
        let dumped =
          page.environment(moment, moment).map { environment in
            environment.reading(.new) { Dumper.tree(of: root.value) }
          } ?? Dumper.tree(of: root.value)
        let expected = model.table.store(dumped)
        if entry.roots[index] != expected {
          problems.append("#\(entry.number) \(root.title): \(model.table.flatText(of: expected))")
        }
      }
    }
    return problems
  }

  @Test(arguments: ScriptTranscriptTests.scripts)
  func aPageRecordedAsTheSessionRanIsThePageWorkedOutAfterwards(script: String) async throws {
    let found = try await problems(script: script, recordsPage: true) { repl, _ in
      let recorded = repl.session.page(failures: [])
      let page = repl.session.pageDescription(failures: [])
      let afterwards = repl.session.withHistory { page.html(of: $0) }
      var problems: [String] = []
      let entries = repl.session.withRecordedPage { history, recording in
        (history.count, recording?.count ?? 0)
      }
      if entries.0 > 0, entries.1 == 0 { problems.append("no entry was recorded") }
      if recorded != afterwards {
        let lines = zip(recorded.split(separator: "\n"), afterwards.split(separator: "\n"))
        let first = lines.first { $0.0 != $0.1 }
        problems.append("recorded: \(first?.0.prefix(300) ?? "")\nafterwards: \(first?.1.prefix(300) ?? "")")
      }
      return problems
    }
    #expect(found.isEmpty, "\(found)")
  }

  /// On a terminal the transcript wraps long strings, so its lines are not the page's: the page
  /// renders its entries' diffs itself, and they are the ones worked out afterwards.
  @Test func aPageRecordedBesideATranscriptLaidOutOtherwiseRendersItsOwnLines() async throws {
    let lines = [
      "fav 1", #"send .team(.addTapped(id: 25))"#,
      #"send .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000001"), action: .binding(.set(\.nickname, "\#(String(repeating: "long name ", count: 14))")))))"#,
    ]
    let found = try await problems(lines: lines, recordsPage: true, isInteractive: true) {
      repl, transcript in
      let page = repl.session.pageDescription(failures: [])
      let afterwards = repl.session.withHistory { page.html(of: $0) }
      let (recorded, entries) = repl.session.withRecordedPage { history, recording in
        (page.html(of: history, recording: recording), (history.count, recording?.count ?? 0))
      }
      var problems: [String] = []
      if !transcript.contains("\n+           long name") {
        problems.append("no string wrapped:\n\(transcript)")
      }
      if entries.0 != 3 || entries.1 != 3 { problems.append("entries (history, recorded): \(entries)") }
      if recorded != afterwards {
        problems.append("the recorded page is not the one worked out afterwards")
      }
      return problems
    }
    #expect(found.isEmpty, "\(found)")
  }

  /// A session writing its page prints the diffs it renders for the page: its transcript is
  /// the one the session prints without a page, byte for byte, the note that long collections
  /// were shortened included (the loaded list is one; a favorite toggle is not).
  @Test func aSessionWritingItsPagePrintsTheTranscriptOfOneThatDoesNot() async throws {
    let lines = ["send .list(.onAppear)", "fav 1", #"send .team(.addTapped(id: 25))"#]
    let transcripts = LockedValue<[String]>([])
    for recordsPage in [false, true] {
      // Each session starts from the same shared values: a container of its own.
      let container = SharedContainer(storage: .inMemory) { Issue.record(Comment(rawValue: $0)) }
      let found = try await SharedContainer.$current.withValue(container) {
        try await problems(lines: lines, recordsPage: recordsPage) { _, transcript in
          transcripts.withLock { $0.append(transcript) }
          return []
        }
      }
      #expect(found.isEmpty, "\(found)")
    }
    let (plain, paged) = transcripts.withLock { ($0.first ?? "", $0.last ?? "") }
    #expect(paged == plain)
    let notes = paged.split(separator: "\n").filter { $0.contains("(long collections shortened:") }
    #expect(notes == ["  (long collections shortened: 'diff 2' shows everything)"])
  }

  @Test(arguments: [
    "tour.dex", "pagination.dex", "search.dex", "team.dex", "error-path.dex", "cancelling.dex",
    "answers.dex",
  ])
  func everyDiffOnThePageIsTheOneTheTranscriptPrints(script: String) async throws {
    let found = try await problems(script: script) { repl, transcript in
      let page = repl.session.pageDescription(failures: [])
      return repl.session.withHistory { history in
        PageModel(history: history, page: page).entries.compactMap { entry in
          let diff =
            entry.lines.isEmpty
            ? DiffRenderer.noChangesText : entry.lines.map(\.line.rendered).joined(separator: "\n")
          let header = "#\(entry.number) \(entry.originText) \(entry.action)\n"
          return transcript.contains(header + diff + "\n") ? nil : "#\(entry.number):\n\(diff)"
        }
      }
    }
    #expect(found.isEmpty, "\(found.prefix(2))")
  }

  @Test func userTextIsEscapedInTheHTMLAndInTheScriptData() async throws {
    let lines = [
      "send .team(.addTapped(id: 25))",
      #"send .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000001"), action: .binding(.set(\.nickname, "</script><b>x")))))"#,
    ]
    let found = try await problems(lines: lines) { repl, _ in
      let html = repl.session.page(failures: ["<test>:3: <img src=x onerror=alert(1)>"])
      var problems: [String] = []
      for raw in ["</script><b>x", "<b>x", "<img"] where html.contains(raw) {
        problems.append("raw \(raw) in the page")
      }
      for escaped in ["&lt;/script&gt;&lt;b&gt;x", #"\u003c/script\u003e\u003cb\u003ex"#]
      where !html.contains(escaped) {
        problems.append("no \(escaped) in the page")
      }
      let scriptEnds = html.components(separatedBy: "</script>").count - 1
      if scriptEnds != 2 { problems.append("\(scriptEnds) </script> in the page, not 2") }
      return problems
    }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func aLongSessionIsListedInTheHTMLUpToABoundAndWholeInTheScriptsData() async throws {
    let count = PageHTML.noScriptEntries + 3
    let lines = (0..<count).map { "fav \($0 % 2 + 1)" }
    let found = try await problems(lines: lines) { repl, _ in
      let html = repl.session.page(failures: [])
      var problems: [String] = []
      let last = PageHTML.noScriptEntries
      if !html.contains(#"<li id="entry-\#(last)""#) { problems.append("#\(last) is not listed") }
      if html.contains(#"<li id="entry-\#(last + 1)""#) { problems.append("#\(last + 1) is listed") }
      if !html.contains("The page holds \(count) entries; with JavaScript on, it lists them all.") {
        problems.append("no note on the entries left out")
      }
      let start = #"<script type="application/json" id="page-data">"#
      guard let open = html.range(of: start),
        let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex),
        let data = try? JSONValue(parsing: Data(html[open.upperBound..<close.lowerBound].utf8)),
        case .array(let entries)? = data["entries"], case .array(let strings)? = data["strings"]
      else { return problems + ["no entries in the page's data"] }
      let numbers = entries.compactMap { entry -> String? in
        guard case .array(let fields) = entry, case .number(let number)? = fields.first else { return nil }
        return number
      }
      if numbers != (1...count).map(String.init) { problems.append("data entries \(numbers.prefix(3))…") }
      if case .array(let fields)? = entries.last, fields.count > 3, case .number(let action) = fields[3],
        let index = Int(action), index < strings.count
      {
        if strings[index] != .string(".favorites(.favoriteTapped(id: \((count - 1) % 2 + 1)))") {
          problems.append("the last entry's action is \(strings[index])")
        }
      } else {
        problems.append("the last entry has no action")
      }
      return problems
    }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func thePageNamesTheVersionAndTheCommandLine() {
    var settings = SessionSettings()
    settings.commandLine = DexCommandLine.commandLine(["--html", "my page.html", "tour.dex"])
    let session = DexSession(settings: settings, output: TextOutput { _ in }, asynchronousOutput: nil)
    let html = session.page(failures: [])
    #expect(html.contains("dex \(dexVersion)"))
    #expect(html.contains("dex --html &#39;my page.html&#39; tour.dex"))
    #expect(html.contains("No entries yet."))
  }
}
