/// The python3 + pexpect program `ReadlineLineReaderTests` runs (after
/// `PseudoTerminalProgram.prelude`): readline editing, completion, Ctrl-C, Ctrl-D, history, and
/// the line that names the effects a command leaves running.
enum PseudoTerminalDriver {
  static let script = #"""
"""Drives dex through a pseudo-terminal: readline editing, completion, Ctrl-C, Ctrl-D, history."""
import stat

HISTORY = os.path.join(WORKDIR, "state", "dex", "history")
LEFT, RIGHT, UP, BACKSPACE = "\x1b[D", "\x1b[C", "\x1b[A", "\x7f"
HELP_LISTING = r"help \[COMMAND\] +list the commands"
QUIT_PAGE = r"Leaves dex and saves"


def spawn(histfile, args=(), extra_env=None, command=None, dimensions=(24, 120)):
    env = terminal_environment(DEX_HISTFILE=histfile)
    env.update(extra_env or {})
    if command is not None:
        return pexpect.spawn("/bin/sh", ["-c", command], env=env, encoding="utf-8", timeout=10, dimensions=dimensions)
    child = pexpect.spawn(DEX, list(args), env=env, encoding="utf-8", timeout=10, dimensions=dimensions)
    return child


def end_with_ctrl_d(child, step):
    child.sendcontrol("d")
    if child.expect([pexpect.EOF, pexpect.TIMEOUT]) != 0:
        fail(f"{step}: Ctrl-D did not end dex", child)
    child.close()
    if child.exitstatus != 0:
        fail(f"{step}: exit status {child.exitstatus} (signal {child.signalstatus}) after Ctrl-D")


# Run 1: banner, editing, completion, Ctrl-C, history written at exit.
child = spawn(HISTORY)
expect(child, re.escape("dex 0.1.0 — type 'help' for commands, Ctrl-D to quit."), "banner")
prompt(child, "first prompt")

child.send("hepl")
expect(child, "hepl", "echo of the typo")
child.send(LEFT + BACKSPACE + RIGHT + "p\r")
expect(child, HELP_LISTING, "'hepl' fixed with Left, Backspace and Right runs help")
prompt(child, "prompt after help")
print("PASS line editing")

child.send("he\t")
expect(child, "help", "Tab completes 'he'")
child.send("\r")
expect(child, HELP_LISTING, "completed 'help' runs help")
prompt(child, "prompt after completion")
print("PASS tab completion")

child.send("frob")
expect(child, "frob", "echo before Ctrl-C")
child.sendintr()
expect(child, re.escape("^C"), "Ctrl-C shows ^C")
prompt(child, "fresh prompt after Ctrl-C")
if not child.isalive():
    fail("Ctrl-C ended dex", child)
child.send("help quit\r")
expect(child, QUIT_PAGE, "the line after Ctrl-C starts empty")
prompt(child, "prompt after help quit")
print("PASS Ctrl-C clears the line")

end_with_ctrl_d(child, "run 1")
print("PASS Ctrl-D exits 0")

if not os.path.isfile(HISTORY):
    fail(f"no history file at {HISTORY}")
mode = stat.S_IMODE(os.stat(HISTORY).st_mode)
if mode != 0o600:
    fail(f"history file mode is {oct(mode)}, expected 0o600")
dir_mode = stat.S_IMODE(os.stat(os.path.dirname(HISTORY)).st_mode)
if dir_mode != 0o700:
    fail(f"history directory mode is {oct(dir_mode)}, expected 0o700")
with open(HISTORY, encoding="utf-8") as f:
    entries = f.read().splitlines()
if entries != ["help", "help quit"]:
    fail(f"history entries are {entries!r}, expected ['help', 'help quit']")
print("PASS history file written (0600, directory 0700)")

# Run 2: Up recalls the last line of run 1.
child = spawn(HISTORY)
prompt(child, "run 2 prompt")
child.send(UP)
expect(child, "help quit", "Up shows the last line of run 1")
child.send("\r")
expect(child, QUIT_PAGE, "recalled line runs")
prompt(child, "run 2 prompt after recall")
child.send("help\rhelp quit\r")
expect(child, HELP_LISTING, "first of two lines typed ahead")
expect(child, QUIT_PAGE, "second of two lines typed ahead")
prompt(child, "prompt after typed-ahead lines")
child.send("\x1b[200~help exit\nhelp\x1b[201~\r")
expect(child, QUIT_PAGE, "first line of a bracketed paste")
expect(child, HELP_LISTING, "second line of a bracketed paste")
prompt(child, "prompt after a pasted block")
print("PASS lines typed ahead or pasted together")
child.send("send .list(.row\t\t")
expect(child, r"\.rowAppeared\(\s+\.rowTapped\(", "Tab Tab lists the cases at that level, by name")
child.sendcontrol("u")
child.send("send .list(.onA\t")
expect(child, re.escape("send .list(.onAppear"), "Tab completes an action case")
child.send(")\r")
expect(child, re.escape("#1 sent .list(.onAppear)"), "the completed action is sent")
expect(child, re.escape("#2 received from #1 .list(.pageLoaded(.success("), "its effect's action arrives")
prompt(child, "prompt after the send")
child.send("state list.destin\t")
expect(child, re.escape("state list.destination"), "Tab completes a state path")
child.send("\r")
expect(child, re.escape("nil"), "the completed path prints")
prompt(child, "prompt after state")
child.send("fav\t\t")
expect(child, r"fav\s+favs", "Tab Tab offers fav and favs")
child.sendcontrol("u")
child.send("fav pika\t")
expect(child, re.escape("fav pikachu"), "Tab completes a Pokémon name")
child.send("\r")
expect(child, re.escape("#3 sent .favorites(.favoriteTapped(id: 25))"), "fav sends the favorites action")
prompt(child, "prompt after fav")
child.send("send .team(.addTapped(id: 4))\r")
expect(child, re.escape("#4 sent .team(.addTapped(id: 4))"), "a first member")
prompt(child, "prompt after the first add")
child.send("send .team(.addTapped(id: 25))\r")
expect(child, re.escape("#5 sent .team(.addTapped(id: 25))"), "a second member")
prompt(child, "prompt after the second add")
child.send("send .team(.members(.element(id: \t")
expect(child, re.escape('0000-00000000000'), "Tab completes what the ids share")
child.send("\t\t")
expect(child, re.escape('UUID("00000000-0000-0000-0000-000000000001")  Charmander'), "Tab Tab lists ids with names")
expect(child, re.escape('UUID("00000000-0000-0000-0000-000000000002")  Pikachu'), "the second id with its name")
child.send('2"), action: .binding(.set(\\.nickname, "Sparky")))))\r')
expect(child, re.escape('+         nickname: "Sparky"'), "the completed id renames that member")
prompt(child, "prompt after the rename")
print("PASS completion of actions, paths, names and element ids")
child.send("quit\r")
if child.expect([pexpect.EOF, pexpect.TIMEOUT]) != 0:
    fail("quit did not end dex", child)
child.close()
if child.exitstatus != 0:
    fail(f"quit exited with {child.exitstatus}")
print("PASS history across runs")

# Run 3: a directory at the history path: one clear error, dex keeps running.
blocked = os.path.join(WORKDIR, "blocked")
os.makedirs(blocked, exist_ok=True)
child = spawn(blocked)
expect(child, re.escape(f"dex: history file '{blocked}' is not a regular file"), "error names the path")
prompt(child, "prompt despite the bad history path")
child.send("help\r")
expect(child, HELP_LISTING, "help runs despite the bad history path")
prompt(child, "prompt after help")
child.sendcontrol("d")
child.expect([pexpect.EOF, pexpect.TIMEOUT])
transcript = child.before
child.close()
if child.exitstatus != 0:
    fail(f"exit status {child.exitstatus} with a directory at the history path")
if "not a regular file" in transcript:
    fail("the history error was reported a second time at exit")
if not os.path.isdir(blocked) or os.listdir(blocked):
    fail("the directory at the history path was changed")
print("PASS directory at the history path")

# Run 4: completion never mangles a line, paths complete
# without a space, dots are optional, commands go on over lines, long output is paged.
child = spawn(os.path.join(WORKDIR, "history4"), extra_env={"PAGER": "sed s/^/PAGED:/"})
prompt(child, "run 4 prompt")
child.send("send .list(.onAppear)\r")
expect(child, re.escape("#2 received from #1"), "the first page loads")
prompt(child, "prompt after the page")
child.send("send .list(.rowTapped(id: 4)),.\t\r")
expect(child, "cannot read the action", "the line after a Tab after a whole action runs as typed")
if "id: .4" in child.before:
    fail("Tab rewrote the text before the cursor", child)
prompt(child, "prompt after the refused line")
child.send("send .team(.addTapped(id: 4))\r")
expect(child, re.escape("sent .team(.addTapped(id: 4))"), "a member to rename")
prompt(child, "prompt after the member")
child.send('send .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000001"),action:.\t')
expect(child, re.escape('action:.binding('), "Tab after action: offers the element's own case")
child.send('.set(\\.nickname, "Ace")))))\r')
expect(child, re.escape('nickname: "Ace"'), "the completed element action renames the member")
if "id: .UUID" in child.before:
    fail("Tab rewrote the element id", child)
prompt(child, "prompt after the rename")
child.send("state li\t.search\r")
expect(child, re.escape("SearchFeature.State("), "a completed path component takes no space")
prompt(child, "prompt after state")
child.send("send \t")
expect(child, r"send \x07?\.", "send Tab starts a case with its dot (the bell: more than one)")
child.send("\t\t")
expect(child, re.escape(".favorites("), "then Tab Tab lists the root cases")
child.sendcontrol("u")
child.send("send .list(.destination(\t")
expect(child, r"destination\(\x07?\.", "Tab inside .destination( starts a case")
child.send("\t\t")
expect(child, re.escape(".presented("), "Tab Tab inside .destination( lists its cases")
child.sendcontrol("u")
child.send("\r")
prompt(child, "prompt after clearing the line")
child.send("send team(addTapped(id: 7))\r")
expect(child, re.escape("sent .team(.addTapped(id: 7))"), "dots are optional at every level")
prompt(child, "prompt after a dotless send")
child.send("send .team(.addTapped(\r")
expect(child, re.escape("...> "), "an open bracket asks for more")
child.send("id: 1))\r")
expect(child, re.escape("sent .team(.addTapped(id: 1))"), "the command spans two lines")
prompt(child, "prompt after the continued command")
child.send("state\r")
expect(child, "PAGED:", "long output goes through $PAGER")
prompt(child, "prompt after the pager")
child.send("history\r")
expect(child, re.escape("send team(addTapped(id: 7))"), "history lists the session's commands")
prompt(child, "prompt after history")
child.send(":q\r")
if child.expect([pexpect.EOF, pexpect.TIMEOUT]) != 0:
    fail(":q did not end dex", child)
child.close()
print("PASS completion, continuation lines, pager and history on a terminal")

# Run 4b: with --no-pager, a long print stops at once on Ctrl-C (the terminal is not read
# while it prints, so dex blocks on a full terminal until the driver reads again). Diffs are
# laid out in the terminal's width: at 80 columns this one is long enough to fill it.
child = spawn(os.path.join(WORKDIR, "history4b"), args=["--no-pager"], dimensions=(24, 80))
prompt(child, "run 4b prompt")
child.send("send .list(.onAppear)\r")
prompt(child, "prompt after the page")
child.expect([pexpect.TIMEOUT], timeout=1)
child.send("diff 2\r")
import time
time.sleep(1)
child.sendintr()
expect(child, re.escape("(stopped printing: Ctrl-C)"), "Ctrl-C stops a long print")
prompt(child, "prompt after the stopped print")
if "… (17 more)" in child.before or "id: 20," in child.before:
    fail("the print went on to the end after Ctrl-C", child)
end_with_ctrl_d(child, "run 4b")
print("PASS Ctrl-C stops a long print")

# Run 4c: the default pager (less) reads keys from the terminal: it must run in dex's own
# (the foreground) process group, or the terminal stops it and dex waits forever.
child = spawn(os.path.join(WORKDIR, "history4c"), extra_env={"PAGER": "less -FRX", "LESS": ""})
prompt(child, "run 4c prompt")
child.send("send .list(.onAppear)\r")
prompt(child, "prompt after the page")
child.send("state\r")
expect(child, re.escape("AppFeature.State("), "less shows the first screen of a long state")
child.send("G")
expect(child, re.escape("(END)"), "less takes keys: G goes to the end")
child.send("q")
prompt(child, "q in less returns to dex")
child.send("state team.sortOrder\r")
expect(child, re.escape(".added"), "dex reads commands again after the pager")
end_with_ctrl_d(child, "run 4c")
print("PASS the default pager takes keys from the terminal")

# Run 5: Ctrl-D while an effect waits (a server that never answers) ends dex cleanly.
import socket
import threading
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(8)
held = []
def hold():
    while True:
        try:
            held.append(server.accept()[0])
        except OSError:
            return
threading.Thread(target=hold, daemon=True).start()
port = server.getsockname()[1]
child = spawn(os.path.join(WORKDIR, "history5"),
              args=["--source", f"pokeapi=http://127.0.0.1:{port}/api/v2/", "--no-cache"])
prompt(child, "run 5 prompt")
child.send("send .list(.onAppear)\r")
expect(child, re.escape("waiting for effects"), "a spinner shows while effects run")
child.sendcontrol("d")
expect(child, re.escape("(stopped waiting: end of input)"), "Ctrl-D stops waiting")
if child.expect([pexpect.EOF, pexpect.TIMEOUT]) != 0:
    fail("Ctrl-D while waiting did not end dex", child)
child.close()
if child.exitstatus != 0:
    fail(f"exit status {child.exitstatus} after Ctrl-D while waiting")
server.close()
print("PASS Ctrl-D while waiting exits cleanly")

# Run 5b: on a terminal, a command that leaves effects running says which; respond completes
# the waiting effect's name and answers it.
child = spawn(os.path.join(WORKDIR, "history5b"))
prompt(child, "run 5b prompt")
child.send("dep pokemonClient manual\r")
prompt(child, "prompt after dep")
child.send("send .list(.onAppear)\r")
expect(child, re.escape("1 effect running: e1"), "a summary names the effect that outlives send")
prompt(child, "prompt after the summary")
child.send("respond \t")
expect(child, "respond e1 ", "Tab completes the waiting effect's name")
child.send("\r")
expect(child, re.escape("#2 received from #1 .list(.pageLoaded(.success("), "respond answers it")
prompt(child, "prompt after respond")
end_with_ctrl_d(child, "run 5b")
print("PASS a summary of the effects that outlive a command, and respond")

# Run 6: standard output not a terminal (dex | tee): no escape codes in it.
captured = os.path.join(WORKDIR, "captured")
child = spawn(None, command=f"exec '{DEX}' > '{captured}'",
              extra_env={"DEX_HISTFILE": os.path.join(WORKDIR, "history6")})
prompt(child, "run 6 prompt on standard error")
child.send("help\r")
prompt(child, "prompt after help")
child.send("send .team(.addTapped(id: 4))\r")
prompt(child, "prompt after a send")
child.sendcontrol("d")
child.expect([pexpect.EOF, pexpect.TIMEOUT])
child.close()
with open(captured, encoding="utf-8") as f:
    text = f.read()
if "\x1b" in text or "Commands:" not in text or "#1 sent .team(.addTapped(id: 4))" not in text:
    fail(f"standard output that is not a terminal holds escape codes or misses output: {text[:300]!r}")
print("PASS no escape codes when standard output is not a terminal")
print("ALL PASSED")
"""#
}
