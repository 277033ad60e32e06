
#if canImport(Glibc)
  import Glibc
#endif
import Foundation
import ComposableInspection
import StoreInspector
import Composable

// run, record, gentest, export, import: sessions as files.
extension REPL {
  /// `run FILE`: a relative path is read from the directory of the script running the line
  /// (as an include directive is), at the prompt or on standard input from the working
  /// directory.
  func runScript(_ arguments: String) throws(REPLError) -> Outcome {
    let typed = try fileArgument(arguments, command: "run", synopsis: synopsis(.run))
    let path = Self.path(typed, relativeTo: scriptOfLine?.path)
    return try outcome(ofRun: runScript(at: path), path: path)
  }

  /// `path`, when relative, as seen from the directory of the script at `script`.
  static func path(_ path: String, relativeTo script: String?) -> String {
    guard let script, !path.hasPrefix("/") else { return path }
    let directory = (script as NSString).deletingLastPathComponent
    return directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
  }

  /// How the `run` line of the script at `path` ended, given how its lines ended.
  func outcome(ofRun end: RunEnd, path: String) throws(REPLError) -> Outcome {
    switch end {
    case .failed: throw .failed(Problem("script \(path) stopped at the failure above."))
    case .stopped: return .stopped
    case .endOfInput, .quit, .terminated, .resumed: return .proceed
    }
  }

  /// Runs the lines of the script at `path`, refusing one that is already running (compared
  /// by resolved path, so `./a.dex` and `../dir/a.dex` are one script).
  func runScript(at path: String) throws(REPLError) -> RunEnd {
    let resolved = ScriptFile.resolvedPath(path)
    if let running = runningScripts.first(where: { $0.resolved == resolved }) {
      let alias = running.path == path ? "" : " (as \(running.path))"
      throw .failed(
        Problem(
          "\(path) is already running\(alias)",
          hint: "a script cannot run itself, directly or through the scripts it runs."))
    }
    guard let file = ScriptFile(path: path) else {
      throw .unreadableScript(path: path, errorNumber: errno)
    }
    return run(ScriptRun(path: path, resolved: resolved, file: file))
  }

  /// Runs `script` from where it is; `first`, when given, is how its `run` line that `continue`
  /// resumed ended. A script a breakpoint hit stops is kept for `continue` (see
  /// `keepStoppedRuns`).
  func run(_ script: ScriptRun, resumingWith first: (() -> Outcome)? = nil) -> RunEnd {
    runningScripts.append(script)
    let end = runLines(
      source: script.path, position: &script.position, resumingWith: first,
      prompting: { _ in script.file.next() })
    runningScripts.removeLast()
    if end == .stopped { stoppingRuns.append(script) }
    return end
  }

  func record(_ arguments: String, force: Bool) throws(REPLError) {
    let expected = Self.optionArguments("--expect", in: arguments)
    let path = try fileArgument(
      expected ?? arguments, command: "record", synopsis: synopsis(.record))
    let (script, drift) = session.recordedScript(expects: expected != nil)
    try SafeFile.write(script, to: path, replacing: force, command: "record")
    if let drift {
      session.command { page(Transcript<App>.warning(drift, settings: session.settings)) }
    }
    let lines = script.split(separator: "\n")
    let sends = lines.filter { $0.hasPrefix("send ") }.count
    var recorded = "recorded \(sends) sent \(sends == 1 ? "action" : "actions")"
    if expected != nil {
      let expects = lines.filter { $0.hasPrefix("expect ") }.count
      recorded += " with \(expects) \(expects == 1 ? "expectation" : "expectations")"
    }
    session.command { print(recorded + " to \(path)") }
  }

  func gentest(_ arguments: String, force: Bool) throws(REPLError) {
    let path = try fileArgument(arguments, command: "gentest", synopsis: synopsis(.gentest))
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let source: String
    do {
      source = try session.withProgress("writing the test") { isInterrupted in
        try session.generatedTest(named: name, isInterrupted: isInterrupted)
      }
    } catch {
      throw .failed(Problem(subject: "gentest", "\(error)"))
    }
    try SafeFile.write(source, to: path, replacing: force, command: "gentest")
    session.command { print("wrote a Swift Testing test to \(path)") }
  }

  func export(_ arguments: String, force: Bool) throws(REPLError) {
    let synopsis = self.synopsis(.export)
    if let pageArguments = Self.htmlArguments(arguments) {
      let path = try fileArgument(pageArguments, command: "export", synopsis: synopsis)
      try writePage(to: path, replacing: force, replacement: "export! --html \(path)")
      return
    }
    let path = try fileArgument(arguments, command: "export", synopsis: synopsis)
    let data: Data
    do {
      data = try session.exportedSession()
    } catch {
      throw .failed(Problem(subject: "export", "\(error)"))
    }
    try SafeFile.write(String(decoding: data, as: UTF8.self), to: path, replacing: force, command: "export")
    let count = session.withHistory { $0.count }
    session.command { print("exported \(count) \(count == 1 ? "entry" : "entries") to \(path)") }
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
    session.command {
      print("wrote a page of \(count) \(count == 1 ? "entry" : "entries") to \(path)")
    }
  }

  func importSession(_ arguments: String) throws(REPLError) {
    if let verified = Self.optionArguments("--verify", in: arguments) {
      try verifySession(
        at: try fileArgument(verified, command: "import", synopsis: synopsis(.import)))
      return
    }
    let path = try fileArgument(arguments, command: "import", synopsis: synopsis(.import))
    let data = try SafeFile.read(path, maximumSize: Self.maximumImportSize, command: "import")
    // What the file says is printed with its control characters escaped: a name or a reason
    // read from it never starts a line of its own.
    let lines: [String]
    do {
      lines = try session.importSession(data)
    } catch {
      throw .failed(Problem(subject: path, "\(error)".escapingControlCharacters))
    }
    session.command {
      for line in lines { print(line.escapingControlCharacters) }
    }
    session.reportImportedWatches()
    reportEffects()
  }

  /// `output FILE` copies what is printed to FILE from now on (`output!` replaces a file);
  /// `output` alone stops.
  func output(_ arguments: String, force: Bool) throws(REPLError) {
    guard !arguments.trimmingWhitespace().isEmpty else {
      let stopped = session.stopOutputCopy()
      session.command {
        print(stopped.map { "stopped copying output to \($0)" } ?? "output is not being copied to a file")
      }
      return
    }
    let path = try fileArgument(arguments, command: "output", synopsis: synopsis(.output))
    try session.startOutputCopy(to: path, replacing: force)
    session.command { print("copying output to \(path); 'output' stops") }
  }

  /// The largest session file `import` reads (64 MiB).
  static var maximumImportSize: Int { 1 << 26 }

  /// The one file name a command takes.
  private func fileArgument(_ arguments: String, command: String, synopsis: String) throws(REPLError) -> String {
    var path = arguments.trimmingWhitespace()
    if path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") { path = String(path.dropFirst().dropLast()) }
    guard !path.isEmpty else {
      throw .badArguments(command: command, problem: "a file name is needed", synopsis: synopsis)
    }
    return (path as NSString).expandingTildeInPath
  }
}

/// The lines of a script file, read as they are needed: a script of a million lines streams.
struct ScriptFile {
  private var reader: PlainLineReader
  private let descriptor: Int32

  /// The script at `path`, or nil when it cannot be opened (`errno` says why). It is opened
  /// without blocking, so a FIFO with no writer yet does not hold dex in `open`: the reader then
  /// waits for its lines as it waits for standard input, and a signal still ends dex.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      Glibc.close(descriptor)
      errno = EISDIR
      return nil
    }
    self.descriptor = descriptor
    self.reader = PlainLineReader(fileDescriptor: descriptor, output: TextOutput { _ in })
  }

  /// `path` with its symbolic links, `.` and `..` resolved (as typed when it cannot be).
  static func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  mutating func next() -> LineReaderEvent {
    reader.readLine(prompt: "")
  }

  func close() {
    Glibc.close(descriptor)
  }
}
