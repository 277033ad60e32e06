// The `run` scripts a breakpoint hit stopped: kept at the prompt until `continue` runs the rest.
extension REPL {
  /// Keeps the scripts a hit stopped (`stoppingRuns`) for `continue`, and says where they are.
  func keepStoppedRuns() {
    let chain = stoppingRuns
    stoppingRuns = []
    guard !chain.isEmpty else { return }
    stoppedRuns.append(chain)
    console.print("\(Self.stoppedText(chain)); 'continue' runs the rest")
  }

  /// `run scripts/pagination.dex stopped at line 53`; a nested run names each file, innermost
  /// first: `run sub/a.dex stopped at sub/b.dex:2, inside sub/a.dex:3`. `abort` says
  /// `stays stopped`.
  static func stoppedText(_ chain: [ScriptRun], verb: String = "stopped") -> String {
    guard let outermost = chain.last else { return "" }
    guard chain.count > 1 else {
      return "run \(outermost.path) \(verb) at line \(outermost.position.commandLine)"
    }
    let places = chain.map { "\($0.path):\($0.position.commandLine)" }
    return "run \(outermost.path) \(verb) at \(places[0]), inside "
      + places.dropFirst().joined(separator: ", inside ")
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
