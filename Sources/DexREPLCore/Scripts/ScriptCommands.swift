import Foundation

// MARK: - The commands

extension REPLCommand {
  /// The commands that run session scripts.
  static var scriptCommands: [REPLCommand] { [run, echo] }

  /// `run`: run a session script here.
  static var run: REPLCommand {
    REPLCommand(
      name: "run", synopsis: "run FILE",
      summary: "run a session script here",
      details: """
        One command a line; '#' comments and blank lines are ignored. A failing line is
        reported as FILE:LINE and stops the script. A relative FILE in a script is read from
        that script's directory ('run b.dex' in sub/a.dex runs sub/b.dex); at the prompt, from
        the working directory. A breakpoint hit stops the script at that line: 'continue' runs
        the rest.
        """,
      acceptsArguments: true,
      section: .files, changesTheApp: { _ in true },
      complete: { completer, place in completer.fileNames(place) },
      outcome: { repl, call throws(REPLError) in try repl.runScript(call) })
  }
}

// MARK: - Running them

// run: session scripts, run from a line of another.
extension REPL {
  /// `run FILE`: a relative path is read from the directory of the script running the line
  /// (as an include directive is), at the prompt or on standard input from the working
  /// directory.
  func runScript(_ call: CommandCall) throws(REPLError) -> Outcome {
    let typed = try call.fileName()
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
    case .failed: throw .failed(.scriptStopped(path: path))
    case .stopped: return .stopped
    case .endOfInput, .quit, .terminated, .resumed: return .proceed
    }
  }

  /// Runs the lines of the script at `path`, refusing one that is already running (compared
  /// by resolved path, so `./a.dex` and `../dir/a.dex` are one script).
  func runScript(at path: String) throws(REPLError) -> RunEnd {
    let resolved = ScriptFile.resolvedPath(path)
    if let running = runningScripts.first(where: { $0.resolved == resolved }) {
      throw .failed(
        .scriptAlreadyRunning(path: path, runningAs: running.path == path ? nil : running.path))
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
}
