
#if canImport(Glibc)
  import Glibc
#endif
import Foundation
import ComposableInspection
import StoreInspector
import Composable

// MARK: - The commands

extension REPLCommand {
  /// The commands that write and read session files, in the order `help` lists them.
  static var fileCommands: [REPLCommand] {
    [record, gentest, export, `import`]
  }

  /// `record`: write the current branch as a script that replays to this state.
  static var record: REPLCommand {
    REPLCommand(
      name: "record", aliases: ["record!"], synopsis: "record[!] [--expect] FILE",
      summary: "write the current branch as a script that replays to this state",
      details: """
        Writes one self-contained script: the starting shared values ('shared NAME = VALUE'),
        the dependencies that differ from a script's, then the sent actions with the
        dep/clock/advance commands in order, external changes as 'shared' lines, and the UUIDs
        and dates reducers made ('dep uuid next …'), so it replays to the same state, ids
        included. 'record' refuses to overwrite a file; 'record!' replaces it.
        --expect also writes, after each line that changed the state or a shared value, one
        'expect' per changed value, collections by count and the elements that came in
        ('expect PATH.count == 3', 'expect PATH contains 25'), so 'dex FILE' in CI fails at
        FILE:LINE when the app no longer does the same.
        """,
      acceptsArguments: true,
      section: .files, changesTheApp: false,
      complete: { completer, place in
        place.isFirstOption ? completer.options(["--expect"], place) : completer.fileNames(place)
      }
    ) { repl, call throws(REPLError) in try repl.record(call) }
  }

  /// `gentest`: write the current branch as a Swift Testing test.
  static var gentest: REPLCommand {
    REPLCommand(
      name: "gentest", aliases: ["gentest!"], synopsis: "gentest[!] FILE",
      summary: "write the current branch as a Swift Testing test",
      details: """
        The test builds a TestStore with the session's initial state and the UUIDs and dates
        the session saw, sends each sent action with its exhaustive state assertion and
        receives each received action.
        """,
      acceptsArguments: true,
      section: .files, changesTheApp: false,
      complete: { completer, place in completer.fileNames(place) }
    ) { repl, call throws(REPLError) in try repl.gentest(call) }
  }

  /// `export`: save the session (every branch) as JSON, or as a page with --html.
  static var export: REPLCommand {
    REPLCommand(
      name: "export", aliases: ["export!"], synopsis: "export[!] [--html] FILE",
      summary: "save the session (every branch) as JSON, or as a page with --html",
      details: """
        'export FILE' writes JSON (the format is described in README.md). 'export --html FILE'
        writes one HTML page that opens offline in a browser: the timeline with each entry's
        diff, the state after each entry, the branches, a filter and a compare of two entries.
        'export!' replaces an existing file.
        """,
      acceptsArguments: true,
      section: .files, changesTheApp: false,
      complete: { completer, place in
        place.isFirstOption ? completer.options(["--html"], place) : completer.fileNames(place)
      }
    ) { repl, call throws(REPLError) in try repl.export(call) }
  }

  /// `import`: load a session saved by export.
  static var `import`: REPLCommand {
    REPLCommand(
      name: "import", synopsis: "import [--verify] FILE",
      summary: "load a session saved by export",
      details: """
        Replays the actions through the current reducers without running effects, with the
        UUIDs and dates each entry recorded, and reports by entry the actions that no longer
        decode and the entries that drifted. The session's shared values are put in memory;
        no file is written ('restore NAME' writes one as this session's change).
        --verify also compares the moment each entry reaches now with the one the file
        recorded, and fails unless they all match: '#N ACTION diverges' with the diff
        recorded → now for the first, the paths that differ for later ones, and the actions
        that no longer decode. 'dex --verify FILE' does the same from a shell.
        """,
      acceptsArguments: true,
      section: .files, changesTheApp: true,
      complete: { completer, place in
        place.isFirstOption ? completer.options(["--verify"], place) : completer.fileNames(place)
      }
    ) { repl, call throws(REPLError) in try repl.importSession(call) }
  }
}

// MARK: - Running them

// record, gentest, export, import: sessions as files.
extension REPL {
  func record(_ call: CommandCall) throws(REPLError) {
    let expected = Self.optionArguments("--expect", in: call.arguments)
    let path = try call.fileName(in: expected)
    let (script, drift) = session.recordedScript(expects: expected != nil)
    try SafeFile.write(script, to: path, replacing: call.replacesFiles, command: "record")
    if let drift {
      console.page(Transcript<App>.warning(drift, settings: session.settings))
    }
    let lines = script.split(separator: "\n")
    let sends = lines.filter { $0.hasPrefix("send ") }.count
    let expects = expected.map { _ in lines.filter { $0.hasPrefix("expect ") }.count }
    console.print(Notice.recorded(sends: sends, expectations: expects, path: path).text)
  }

  func gentest(_ call: CommandCall) throws(REPLError) {
    let path = try call.fileName()
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let source: String
    do {
      source = try session.withProgress("writing the test") { isInterrupted in
        try session.generatedTest(named: name, isInterrupted: isInterrupted)
      }
    } catch {
      throw .failed(.because(subject: "gentest", words: "\(error)"))
    }
    try SafeFile.write(source, to: path, replacing: call.replacesFiles, command: "gentest")
    console.print(Notice.wroteTest(path: path).text)
  }

  func export(_ call: CommandCall) throws(REPLError) {
    if let pageArguments = Self.htmlArguments(call.arguments) {
      let path = try call.fileName(in: pageArguments)
      try writePage(to: path, replacing: call.replacesFiles, replacement: "export! --html \(path)")
      return
    }
    let path = try call.fileName()
    let data: Data
    do {
      data = try session.exportedSession()
    } catch {
      throw .failed(.because(subject: "export", words: "\(error)"))
    }
    try SafeFile.write(String(decoding: data, as: UTF8.self), to: path, replacing: call.replacesFiles, command: "export")
    let count = session.withHistory { $0.count }
    console.print(Notice.exported(entries: count, path: path).text)
  }

  /// What follows `--html` in `export --html FILE`, or nil when the arguments do not start
  /// with it.
  private static func htmlArguments(_ arguments: String) -> String? {
    optionArguments("--html", in: arguments)
  }

  /// What follows `option` at the start of `arguments` (`--verify` in `import --verify FILE`),
  /// or nil when they do not start with it.
  static func optionArguments(_ option: String, in arguments: String) -> String? {
    let words = arguments.split(maxSplits: 1, whereSeparator: \.isWhitespace)
    guard words.first.map(String.init) == option else { return nil }
    return words.count > 1 ? String(words[1]) : ""
  }

  /// Writes the session's page to `path` (`export --html`, and `dex --html` at the end of a
  /// run, silently); `replacement` is the form that replaces an existing file, for the refusal.
  func writePage(
    to path: String, replacing: Bool, replacement: String, announces: Bool = true
  ) throws(REPLError) {
    let html = session.page(failures: failures)
    try SafeFile.write(
      html, to: path, replacing: replacing, command: "export", replacement: replacement)
    guard announces else { return }
    let count = session.withHistory { $0.log.count }
    console.print(Notice.wrotePage(entries: count, path: path).text)
  }

  func importSession(_ call: CommandCall) throws(REPLError) {
    if let verified = Self.optionArguments("--verify", in: call.arguments) {
      try verifySession(
        at: try call.fileName(in: verified))
      return
    }
    let path = try call.fileName()
    let data = try SafeFile.read(path, maximumSize: Self.maximumImportSize, command: "import")
    // What the file says is printed with its control characters escaped: a name or a reason
    // read from it never starts a line of its own.
    let lines: [String]
    do {
      lines = try session.importSession(data)
    } catch {
      throw .failed(.because(subject: path, words: "\(error)".escapingControlCharacters))
    }
    for line in lines { console.print(line.escapingControlCharacters) }
    session.reportImportedWatches()
    reportEffects()
  }

  /// The largest session file `import` reads (64 MiB).
  static var maximumImportSize: Int { 1 << 26 }
}
