// The `run` scripts a breakpoint hit stopped: kept at the prompt until `continue` runs the rest.
extension REPL {
  /// Keeps the scripts a hit stopped (`stoppingRuns`) for `continue`, and says where they are.
  func keepStoppedRuns() {
    let chain = stoppingRuns
    stoppingRuns = []
    guard !chain.isEmpty else { return }
    stoppedRuns.append(chain)
    console.print(Notice.runStopped(places: Self.places(chain), stays: false).text)
  }

  /// Each script of `chain` (innermost first) and the line it stopped at, as `Notice` names them.
  static func places(_ chain: [ScriptRun]) -> [(path: String, line: Int)] {
    chain.map { ($0.path, $0.position.commandLine) }
  }

  /// `continue` after a hit stopped `run` scripts: runs the rest of each file of the latest
  /// stop, innermost first, as if they had never stopped (a failure there fails the `run`
  /// lines around it; another hit stops them again).
  func continueStoppedRuns() throws(REPLError) -> Outcome {
    guard let chain = stoppedRuns.popLast(), let outermost = chain.last else { return .proceed }
    return try outcome(ofRun: resume(chain[...]), path: outermost.path)
  }

  /// Runs the rest of `chain` (innermost first): the outermost script goes on from its `run`
  /// line once the scripts inside it ended.
  private func resume(_ chain: ArraySlice<ScriptRun>) -> RunEnd {
    guard let outer = chain.last else { return .endOfInput }
    let inside = chain.dropLast()
    guard let runByOuter = inside.last else { return run(outer) }
    return run(outer) { [unowned self] in
      let end = resume(inside)
      do throws(REPLError) {
        return try outcome(ofRun: end, path: runByOuter.path)
      } catch {
        return .rejected(error)
      }
    }
  }

  /// Drops what breakpoint hits left: held work, a stopped move, stopped scripts (at the end of
  /// the input or of a command-line script).
  func dropStoppedWork() {
    if session.debugger.isHolding { session.dropHeldWork() }
    session.debugger.pendingMove = nil
    stoppedRuns = []
  }
}
