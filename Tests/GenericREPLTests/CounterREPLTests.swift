import Composable
import DexPlatform
import DexREPLCore
import DexTesting
import Foundation
import Testing

/// The real REPL engine over a counter: send, diff, back, skip, record and replay work with zero
/// Pokédex code (this target cannot import PokedexCore).
@Suite struct CounterREPLTests {
  /// Runs `script` through `dex`'s command line over the counter; returns the exit status and
  /// what it printed.
  private func run(
    _ script: String
  ) async throws -> (status: Int32, output: String, errors: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-repl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("session.dex")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let captured = Captured()
    // The REPL blocks while effects run: never on a thread of the concurrency pool.
    let status = try await onDedicatedThread {
      DexCommandLine<CounterApp>.run(
        arguments: [file.path], output: TextOutput { captured.append(output: $0) },
        errors: TextOutput { captured.append(errors: $0) })
    }
    return (status, captured.output, captured.errors)
  }

  @Test func sendPrintsTheEntryAndTheEffectsActionWithTheirDiffs() async throws {
    let result = try await run(
      """
      send .incrementTapped
      send delayedIncrementTapped
      expect count == 2

      """)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output == """
        #1 sent .incrementTapped
          Counter.State(
        -   count: 0
        +   count: 1
            … (1 unchanged)
            ids: [
        +     UUID("00000000-0000-0000-0000-000000000001")
            ]
          )
        #2 sent .delayedIncrementTapped
          Counter.State(
            … (1 unchanged)
        -   isLoading: false
        +   isLoading: true
            … (1 unchanged)
          )
        #3 received from #2 .delayFinished
          Counter.State(
        -   count: 1
        +   count: 2
        -   isLoading: true
        +   isLoading: false
            … (1 unchanged)
          )

        """)
  }

  /// `help` pages show the app's examples, and nothing of another app: every page of the
  /// engine's commands is written in its own terms.
  @Test func helpShowsTheAppsExamplesAndNoOtherApps() async throws {
    let result = try await run("help send\nhelp log\n")
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.contains(
        "  For example:\n    send .incrementTapped\n    send delayedIncrementTapped\n"))
    // The counter gives `log` no examples: its page ends with its text.
    let logPage = try #require(result.output.components(separatedBy: "log [--changed]").last)
    #expect(logPage.contains("those whose action matches it.") && !logPage.contains("example"))
    for command in CommandTable<CounterApp>.commands {
      let page = command.synopsis + " " + command.summary + " " + command.details
      for word in ["pok", "favorite", "team", ".list(", "list.", "fav "] {
        #expect(
          !page.lowercased().contains(word), "help \(command.name) says '\(word)': \(page)")
      }
    }
  }

  /// An app's command made with `AppCommand(name:…) { arguments, state in action }` sends the
  /// action it returns, printed as `send` prints it; what it refuses is a usage error.
  @Test func anAppCommandSendsTheActionItsArgumentsSpell() async throws {
    let result = try await run("tap up\ntap  down \nexpect count == 0\ntap left\n")
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("#1 sent .incrementTapped\n"))
    #expect(result.output.contains("#2 sent .decrementTapped\n"))
    #expect(
      result.errors.hasSuffix(
        "session.dex:4: tap: the buttons are up and down, not 'left'. Usage: tap up|down\n"))
  }

  @Test func treeDescribesAnyAppFromItsReducers() async throws {
    let result = try await run(
      """
      tree
      tree --mermaid
      tree Counter

      """)
    #expect(result.status == 0, "\(result.errors)")
    // Each reducer with the line that writes it: the body, then `Reduce {` under it.
    let tree = """
      Counter at GenericREPLTests/CounterApp.swift:25  dependencies: clock, uuid
        Reduce at GenericREPLTests/CounterApp.swift:26

      """
    #expect(
      result.output == tree + """
        flowchart TD
          Counter["Counter<br/>clock, uuid"]

        """ + tree)
  }

  @Test func diffBackSkipAndUnskipWork() async throws {
    let result = try await run(
      """
      send .incrementTapped
      send .incrementTapped
      send .decrementTapped
      diff 2
      back
      expect count == 2
      skip 1
      expect count == 1
      expect ids == [UUID("00000000-0000-0000-0000-000000000002")]
      unskip 1
      expect count == 2
      log

      """)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("#2 .incrementTapped\n"))
    #expect(result.output.hasSuffix(
      """
        #1 sent .incrementTapped
      > #2 sent .incrementTapped
        #3 sent .decrementTapped

      """))
  }

  @Test func aRecordingReplaysToTheSameState() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-record-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let recording = directory.appendingPathComponent("recorded.dex").path
    let first = try await run(
      """
      dep uuid random
      send .incrementTapped
      send .delayedIncrementTapped
      send .incrementTapped
      back
      send .decrementTapped
      record \(recording)
      state

      """)
    #expect(first.status == 0, "\(first.errors)")
    let script = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(script.contains("dep uuid random\ndep uuid next "))
    let replay = try await run(script + "state\n")
    #expect(replay.status == 0, "\(replay.errors)")
    let finalState = { (output: String) in output.split(separator: "\n").last.map(String.init) }
    #expect(finalState(replay.output) == finalState(first.output))
    #expect(finalState(first.output)?.hasPrefix("Counter.State(count: 1, isLoading: false, ids: [UUID(") == true)
  }
}

/// What a run printed on each stream, appended from any thread.
private final class Captured: Sendable {
  private let streams = LockedValue((output: "", errors: ""))

  var output: String { streams.withLock { $0.output } }
  var errors: String { streams.withLock { $0.errors } }

  func append(output text: String) { streams.withLock { $0.output += text } }
  func append(errors text: String) { streams.withLock { $0.errors += text } }
}

/// What the REPL adds for any app, over the counter: richer expectations, history, commands
/// over several lines, dotless cases and what `advance` says.
@Suite struct CounterConventionsTests {
  @Test func expectationsHistoryContinuationAndTheClockWorkOnAnyApp() async throws {
    let captured = Captured()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-conventions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("session.dex")
    try """
      send incrementTapped
      expect count >= 1
      expect count < 2
      expect ids contains UUID("00000000-0000-0000-0000-000000000001")
      expect isLoading == false
      history
      !1
      clock manual
      send delayedIncrementTapped
      expect ids == [
        UUID("00000000-0000-0000-0000-000000000001"),
        UUID("00000000-0000-0000-0000-000000000002")
      ]
      advance 400ms
      advance 600ms
      expect isLoading == false
      expect count > 2
      expect isLoading

      """.write(to: file, atomically: true, encoding: .utf8)
    let status = try await onDedicatedThread {
      DexCommandLine<CounterApp>.run(
        arguments: [file.path], output: TextOutput { captured.append(output: $0) },
        errors: TextOutput { captured.append(errors: $0) })
    }
    #expect(status == 1)
    #expect(captured.output.contains("  1  send incrementTapped\n"))
    #expect(captured.output.contains("#2 sent .incrementTapped"))
    #expect(captured.output.contains("#3 sent .delayedIncrementTapped"))
    #expect(
      captured.output.contains(
        "advanced 400ms to 400ms: nothing woke; 1 effect sleeps until 1s (advance 600ms more)\n"))
    #expect(captured.output.contains("advanced 600ms to 1s: 1 sleeping effect woke (1 entry); nothing else sleeps\n"))
    #expect(
      captured.errors == "\(file.path):18: expectation failed: isLoading: expected true, found false\n")
  }
}
