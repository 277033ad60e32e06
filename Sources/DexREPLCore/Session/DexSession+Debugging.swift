import Composable
import ComposableInspection
import StoreInspector

extension DexSession {
  /// Adds a breakpoint; from the first one on, effects run on the debugger's executor, which a
  /// hit holds.
  func addBreakpoint(_ condition: Debugger<App>.Breakpoint.Condition) -> Debugger<App>.Breakpoint {
    if debugger.breakpoints.isEmpty {
      let executor = debugger.executor
      store.updateDependencies { $0.effectExecutor = executor }
    }
    return debugger.addBreakpoint(condition)
  }

  /// Drops what a breakpoint hit holds: the interrupted work is cancelled, then let go so the
  /// held jobs see the cancellation and end.
  func dropHeldWork() {
    cancelInterruptedWait()
    store.cancelAllEffects()
    debugger.release()
  }

  /// Where `bisect` found an expectation to start failing.
  struct Bisection {
    /// The first entry after which the expectation fails.
    let entry: EntryID
    let step: SessionStep<Action>
    /// How many moments it computed (the two ends included).
    let computed: Int
  }

  /// The first entry of the current branch, up to the current entry, after which `holds` is
  /// false, searched by halving: `holds` must be true at #0 and false at the current entry.
  /// Each moment is computed from the nearest stored one; the session does not move.
  func bisect(_ holds: (StoreMoment<State>) -> Bool) throws(REPLError) -> Bisection {
    let result = withHistory { history -> Result<Bisection, REPLError> in
      let current = history.currentEntry
      let entries = [EntryID.initial] + history.currentBranch.prefix { $0 != current }
        + (current == .initial ? [] : [current])
      var computed = 0
      func holdsAfter(_ index: Int) -> Bool {
        computed += 1
        return (try? history.moment(at: entries[index])).map(holds) ?? false
      }
      guard holdsAfter(0) else {
        return .failure(
          .failed(
            Problem(
              subject: "bisect", "the expectation does not hold at #0",
              hint: "bisect looks for where a value that was right goes wrong.")))
      }
      guard entries.count > 1, !holdsAfter(entries.count - 1) else {
        return .failure(
          .failed(
            Problem(
              subject: "bisect", "the expectation still holds at the current entry #\(current)",
              hint: "move to an entry where it fails (jump N), then bisect.")))
      }
      var good = 0
      var bad = entries.count - 1
      while bad - good > 1 {
        let middle = good + (bad - good) / 2
        if holdsAfter(middle) { good = middle } else { bad = middle }
      }
      guard let entry = try? history.entry(entries[bad]) else {
        return .failure(.failed(Problem(subject: "bisect", "entry #\(entries[bad]) is gone")))
      }
      return .success(Bisection(entry: entries[bad], step: entry.action, computed: computed))
    }
    return try result.get()
  }
}
