import Testing

/// Readline end to end: `dex` on a real pseudo-terminal, driven by python3 + pexpect.
@Suite struct ReadlineLineReaderTests {
  @Test(.timeLimit(.minutes(1)))
  func editingCompletionInterruptEndOfInputAndHistoryWorkOnATerminal() async throws {
    try await PseudoTerminalProgram.run(PseudoTerminalDriver.script)
  }
}
