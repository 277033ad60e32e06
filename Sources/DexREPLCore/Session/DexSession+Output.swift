import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// What the session prints, through its console: transcript items, warnings, progress.
extension DexSession {
  func warn(_ message: String) {
    warnings.withLock {
      $0.pending.append(message)
      $0.shown = true
    }
  }

  /// Whether the session has shown a warning.
  var hasShownWarnings: Bool { warnings.withLock { $0.shown } }

  func flushWarnings() {
    let pending = warnings.withLock { warnings -> [String] in
      defer { warnings.pending.removeAll() }
      return warnings.pending
    }
    for warning in pending {
      emit(Transcript<App>.warning(warning, settings: settings))
    }
  }

  /// Runs long work of a command (`gentest`) showing the spinner, `doing` what it says; `body`
  /// asks its argument often whether to stop, true once Ctrl-C was pressed.
  func withProgress<Result>(
    _ doing: String, _ body: (_ isInterrupted: @escaping () -> Bool) throws -> Result
  ) rethrows -> Result {
    let started = ContinuousClock.now
    let spinner = spinner
    let output = output
    defer { spinner?.clear(writingTo: output) }
    var drawn = started
    return try body {
      let now = ContinuousClock.now
      if now - drawn >= .milliseconds(100) {
        drawn = now
        spinner?.tick(elapsed: now - started, writingTo: output, doing: doing, stopping: "stops")
      }
      return TerminalSignals.consumeInterrupt() || TerminalSignals.terminationRequested
    }
  }

  /// Writes an item of the transcript through the console (see `Console.emit`).
  package func emit(_ item: OutputItem) {
    console.emit(item)
  }

  /// Writes plain text a command prints (`{"type":"output"}` with `--json`).
  func emitText(_ text: String) {
    emit(Console.output(text))
  }
}
