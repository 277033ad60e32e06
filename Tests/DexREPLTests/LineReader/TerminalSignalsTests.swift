import Testing

/// Signals and locks end to end: `dex` on a real pseudo-terminal, driven by python3 + pexpect.
@Suite struct TerminalSignalsTests {
  @Test(.timeLimit(.minutes(2)))
  func hangUpTerminateStopContinueAndAHeldLockNeitherLoseNorHang() async throws {
    try await PseudoTerminalProgram.run(SignalsDriver.script)
  }
}
