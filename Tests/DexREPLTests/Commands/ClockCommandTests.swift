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

  @Test func clockAndDepSayWhatTheyChanged() async throws {
    let result = try await DexProcess.run(
      input: """
        clock manual
        clock immediate
        dep uuid random
        dep date fixed
        dep pokemonClient failing
        dep uuid next 00000000-0000-0000-0000-000000000009
        dep date next 2026-01-01T00:00:00Z, 2026-01-02T00:00:00Z

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput == """
        clock: manual (effects sleep until 'advance' moves it)
        clock: immediate (every sleep ends at once)
        uuid: random
        date: fixed
        pokemonClient: failing
        uuid: the next UUID a reducer makes is queued
        date: the next 2 dates a reducer reads are queued

        """)
  }
}
