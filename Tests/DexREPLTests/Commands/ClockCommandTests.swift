import DexTesting
import Foundation
import Testing

/// `clock` through the real `dex` binary: leaving the manual clock never strands an effect
/// asleep on it.
@Suite struct ClockCommandTests {
  @Test func leavingTheManualClockWakesTheEffectsAsleepOnIt() async throws {
    let result = try await DexProcess.run(
      input: """
        clock manual
        send .list(.search(.queryChanged("pi")))
        clock immediate
        effects
        expect list.search.appliedQuery == "pi"
        clock

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "advanced 300ms to 300ms: 1 sleeping effect woke (1 entry); nothing else sleeps\nNo effects running.\nclock immediate\n"),
      "\(result.standardOutput)")
  }
}
