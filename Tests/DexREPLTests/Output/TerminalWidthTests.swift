import Testing

/// Help, errors and warnings on a terminal fit its width, read again after a resize, and diffs
/// and values are laid out in it; through a pipe the same text is never cut (scripts and golden
/// transcripts stay byte for byte).
@Suite struct TerminalWidthTests {
  @Test(
    .enabled(if: PseudoTerminalProgram.isAvailable, PseudoTerminalProgram.missingToolNote),
    .timeLimit(.minutes(1)))
  func helpAndErrorsFitAnEightyColumnTerminalAndFollowAResize() async throws {
    try await PseudoTerminalProgram.run(Self.driver)
  }

  @Test func helpThroughAPipeKeepsItsLinesWhole() async throws {
    let result = try await DexProcess.run(input: "help\nhelp send\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "send an action to the app's store and print what it changed\n"))
    #expect(result.standardOutput.split(separator: "\n").contains { $0.count > 100 })
    let usage = try await DexProcess.run(["--help"])
    #expect(usage.standardOutput.contains("print long output on a terminal instead of piping it to"))
  }

  /// `help`, `help send`, an error, a diff and a value at 80 columns, `help fav` after a resize
  /// to 60, then `dex --help` at 80.
  private static let driver = #"""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def lines_until_prompt(child, step):
    prompt(child, step)
    return [ANSI.sub("", line) for line in child.before.replace("\r", "").split("\n")]


def check_width(lines, width, step):
    wide = [line for line in lines if len(line) > width]
    if wide:
        fail(f"{step}: {len(wide)} lines wider than {width}, e.g. {wide[0]!r}")


child = pexpect.spawn(DEX, [], env=terminal_environment(DEX_HISTFILE=os.path.join(WORKDIR, "h")),
                      encoding="utf-8", timeout=10, dimensions=(24, 80))
prompt(child, "first prompt")
child.send("help\r")
lines = lines_until_prompt(child, "help")
check_width(lines, 80, "help")
text = "\n".join(lines)
if "print what it\n" + " " * 26 + "changed\n" not in text:
    fail(f"help: the summary of send does not continue in its column:\n{text}")
if "  state [--depth N] [PATH]\n" + " " * 26 + "print the whole state" not in text:
    fail(f"help: a long synopsis does not have its summary below it:\n{text}")
print("PASS help fits 80 columns, summaries continue in their column")

child.send("help send\r")
lines = lines_until_prompt(child, "help send")
check_width(lines, 80, "help send")
if "    send .team(.members(.element(id: #0, action: .binding(.set(\\.level, 30)))))" not in lines:
    fail(f"help send: an example action was cut: {lines}")
if "  '#N' names the element shown at row N and is recorded as its id. Prints the" not in lines:
    fail(f"help send: the paragraph was not filled again at word boundaries: {lines}")
print("PASS help send fills its paragraphs and keeps its examples whole")

child.send("dep pokemonClinet failing\r")
expect(child, "no dependency is called 'pokemonClinet'", "an error")
lines = lines_until_prompt(child, "the error")
check_width(lines, 80, "the error")
if not any(line.startswith("  ") and "Usage: dep NAME VALUE" in line for line in lines):
    fail(f"the error does not continue on an indented line: {lines}")
print("PASS an error fits, its continuation indented")

child.send("send .list(.onAppear)\r")
expect(child, re.escape("#2 received from #1"), "the first page")
lines = lines_until_prompt(child, "the first page's diff")
check_width([line for line in lines if line.startswith("+ ")], 80, "the shortened elements of a diff")
child.send("state list.visiblePokemon[3]\r")
lines = lines_until_prompt(child, "a Pokémon's state")
check_width(lines, 80, "state list.visiblePokemon[3]")
print("PASS diffs and values are laid out in 80 columns")

child.setwinsize(24, 60)
child.send("help fav\r")
expect(child, re.escape("fav ID|NAME"), "help fav after the resize")
lines = lines_until_prompt(child, "help fav after the resize")
check_width(lines, 60, "help fav after a resize to 60 columns")
if not any("'fav \"Mr. Mime\"'" in line for line in lines):
    fail(f"help fav: a quoted command was cut: {lines}")
print("PASS a resize to 60 columns is followed")

child.sendcontrol("d")
child.expect([pexpect.EOF, pexpect.TIMEOUT])

usage = pexpect.spawn(DEX, ["--help"], env=terminal_environment(), encoding="utf-8", timeout=10,
                      dimensions=(24, 80))
usage.expect([pexpect.EOF, pexpect.TIMEOUT])
lines = usage.before.replace("\r", "").split("\n")
check_width(lines, 80, "dex --help")
if "  --no-pager              print long output on a terminal instead of piping it" not in lines:
    fail(f"dex --help: an option's description does not continue in its column: {lines}")
print("PASS dex --help fits 80 columns")
print("ALL PASSED")
"""#
}
