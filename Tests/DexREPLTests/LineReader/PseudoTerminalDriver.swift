/// The python3 + pexpect program `ReadlineLineReaderTests` runs (after
/// `PseudoTerminalProgram.prelude`): readline editing, completion, Ctrl-C, Ctrl-D, history.
enum PseudoTerminalDriver {
  static let script = #"""
"""Drives dex through a pseudo-terminal: readline editing, completion, Ctrl-C, Ctrl-D, history."""
import stat

HISTORY = os.path.join(WORKDIR, "state", "dex", "history")
LEFT, RIGHT, UP, BACKSPACE = "\x1b[D", "\x1b[C", "\x1b[A", "\x7f"
HELP_LISTING = r"help \[COMMAND\] +list the commands"
QUIT_PAGE = r"Leaves dex and saves"


def spawn(histfile):
    env = terminal_environment(DEX_HISTFILE=histfile)
    child = pexpect.spawn(DEX, env=env, encoding="utf-8", timeout=10, dimensions=(24, 120))
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
expect(child, r"rowAppeared\(\s+\.list\(\.rowTapped\(", "Tab Tab lists the cases at that level")
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
print("ALL PASSED")
"""#
}
