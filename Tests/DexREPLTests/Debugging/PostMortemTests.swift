import DexTesting
import Foundation
import Testing

/// `dex --debug FILE`: a prompt at the first failing line, on a real pseudo-terminal.
@Suite struct PostMortemTests {
  @Test func withoutATerminalDebugIsRefusedWithOneLine() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("check.dex")
    try "fav 1\n".write(to: script, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run(["--debug", script.path])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "dex: --debug opens a prompt at the failing line and needs a terminal; run 'dex FILE' without it."
      ])
    #expect(result.standardOutput.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)))
  func debugOpensThePromptAtAFailingExpectWithTheHistoryAndContinueResumes() async throws {
    try await PseudoTerminalProgram.run(
      #"""
      script = os.path.join(WORKDIR, "fail.dex")
      with open(script, "w") as file:
          file.write("fav 25\nfav 1\nexpect favorites.favorites == [25]\nfav 4\nexpect favorites.favorites.count == 3\n")
      env = terminal_environment(DEX_HISTFILE=os.path.join(WORKDIR, "history"))
      child = pexpect.spawn(DEX, ["--debug", script], env=env, encoding="utf-8", timeout=10, dimensions=(40, 200))
      expect(child, re.escape("fail.dex:3: expectation failed: favorites.favorites: expected [25], found [1, 25]"), "the failure")
      prompt(child, "a prompt at the failing line")
      print("PASS prompt at the failure")
      child.send("log\r")
      expect(child, re.escape("> #2 sent .favorites(.favoriteTapped(id: 1))"), "the whole history")
      prompt(child, "prompt after log")
      child.send("trace\r")
      expect(child, re.escape("changed by: AppFeature › Scope(favorites) › FavoritesFeature › Reduce at PokedexCore/FavoritesFeature.swift:") + r"\d+ \(favorites\)", "trace at the prompt")
      prompt(child, "prompt after trace")
      print("PASS history and trace there")
      child.send("continue\r")
      expect(child, re.escape("#3 sent .favorites(.favoriteTapped(id: 4))"), "continue resumes the script")
      if child.expect([pexpect.EOF, pexpect.TIMEOUT]) != 0:
          fail("the script did not end after its last line", child)
      child.close()
      if child.exitstatus != 1:
          fail(f"exit status {child.exitstatus}, expected 1 (a line failed)")
      print("PASS continue resumes, the failure still counts")
      print("ALL PASSED")
      """#)
  }

  @Test(.timeLimit(.minutes(1)))
  func debugOpensThePromptWhereABreakpointStoppedForwardAndContinueFinishesTheMoveThenTheScript()
    async throws
  {
    try await PseudoTerminalProgram.run(
      #"""
      script = os.path.join(WORKDIR, "move.dex")
      with open(script, "w") as file:
          file.write("fav 1\nfav 4\nfav 7\nbreak on .favorites(.favoriteTapped(id: 4))\nback 3\nforward 3\nfav 25\n")
      env = terminal_environment(DEX_HISTFILE=os.path.join(WORKDIR, "history"))
      child = pexpect.spawn(DEX, ["--debug", script], env=env, encoding="utf-8", timeout=10, dimensions=(40, 200))
      expect(child, re.escape("break #2: on .favorites(.favoriteTapped(id: 4)) (breakpoint 1)"), "the hit")
      expect(child, re.escape("at #2 .favorites(.favoriteTapped(id: 4))"), "stopped right after it")
      prompt(child, "a prompt at the hit")
      child.send("state favorites.favorites\r")
      expect(child, re.escape("[1, 4]"), "the state at the hit")
      prompt(child, "prompt after state")
      print("PASS prompt where forward stopped")
      child.send("continue\r")
      expect(child, re.escape("at #3 .favorites(.favoriteTapped(id: 7))"), "the move goes on")
      expect(child, re.escape("#4 sent .favorites(.favoriteTapped(id: 25))"), "then the script")
      if child.expect([pexpect.EOF, pexpect.TIMEOUT]) != 0:
          fail("the script did not end after its last line", child)
      child.close()
      if child.exitstatus != 0:
          fail(f"exit status {child.exitstatus}, expected 0 (a hit never changes it)")
      print("PASS continue finishes the move, then the script")
      print("ALL PASSED")
      """#)
  }
}
