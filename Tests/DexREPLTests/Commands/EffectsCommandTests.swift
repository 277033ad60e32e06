import Foundation
import Testing

/// `effects` and `cancel` through the real `dex`: in-flight effects named e1, e2… per session,
/// with the entry that started them, their cancel id and what they wait on; a cancellation is
/// not an entry.
@Suite struct EffectsCommandTests {
  @Test func effectsListsASleepingSearchAndCancelEndsItWithoutAnEntry() async throws {
    let result = try await DexProcess.run(
      input: """
        effects
        clock manual
        send .list(.search(.queryChanged("pi")))
        send .list(.search(.queryChanged("pik")))
        effects
        advance 100ms
        effects
        cancel e1
        effects
        send .list(.search(.queryChanged("ch")))
        effects
        cancel all
        cancel all
        log

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("-") && !$0.hasPrefix("+") }
    let sleeping = "cancel id SearchFeature.CancelID.search  sleeping on the manual clock until"
    #expect(
      lines == [
        "No effects running.",
        "#1 sent .list(.search(.queryChanged(\"pi\")))",
        "#2 sent .list(.search(.queryChanged(\"pik\")))",
        "e1  started by #2  \(sleeping) 300ms (now 0ms)",
        "advanced 100ms to 100ms: nothing woke; 1 effect sleeps until 300ms (advance 200ms more)",
        "e1  started by #2  \(sleeping) 300ms (now 100ms)",
        "cancelled e1 (started by #2)",
        "No effects running.",
        "#3 sent .list(.search(.queryChanged(\"ch\")))",
        "e2  started by #3  \(sleeping) 400ms (now 100ms)",
        "cancelled e2 (started by #3)",
        "No effects running.",
        "  #1 sent .list(.search(.queryChanged(\"pi\")))",
        "  #2 sent .list(.search(.queryChanged(\"pik\")))",
        "> #3 sent .list(.search(.queryChanged(\"ch\")))",
      ].filter { !$0.hasPrefix(" ") })
    #expect(result.standardOutput.contains("> #3 sent"))
  }

  @Test func cancellingAnEffectThatIsNotRunningIsOneErrorLine() async throws {
    let result = try await DexProcess.run(input: "cancel e4\n")
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError == "<stdin>:1: cancel: no effect e4 is running; 'effects' lists them.\n")
  }

  @Test func effectsAndCancelAreOneJSONObjectEach() async throws {
    let result = try await DexProcess.run(
      ["--json"],
      input: """
        clock manual
        send .list(.search(.queryChanged("pi")))
        effects
        cancel e1

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.suffix(2) == [
        #"{"type":"effects","effects":[{"effect":"e1","startedBy":1,"#
          + #""cancelIDs":["SearchFeature.CancelID.search"],"#
          + #""waitsOn":"sleeping on the manual clock until 300ms (now 0ms)"}]}"#,
        #"{"type":"cancelled","effects":[{"effect":"e1","startedBy":1}]}"#,
      ])
  }
}
