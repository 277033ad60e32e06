/// The python3 + pexpect program `TerminalSignalsTests` runs (after
/// `PseudoTerminalProgram.prelude`): hang-up, SIGTERM, Ctrl-Z and `fg` under an interactive
/// bash, and the favorites lock held as another process would.
enum SignalsDriver {
  static let script = #"""
"""Drives dex through a pseudo-terminal: hang-up, SIGTERM, Ctrl-Z and fg, a held lock."""
import fcntl
import signal
import time

# A test runner may ignore or block job-control signals; children inherit both, and an ignored
# SIGTSTP would make Ctrl-Z do nothing.
JOB_SIGNALS = [signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGCONT, signal.SIGHUP, signal.SIGTERM]
for number in JOB_SIGNALS:
    signal.signal(number, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, JOB_SIGNALS)
LEFT, RIGHT, BACKSPACE = "\x1b[D", "\x1b[C", "\x7f"
HELP_LISTING = r"help \[COMMAND\] +list the commands"


def environment(name):
    return terminal_environment(
        NO_COLOR="1", DEX_HISTFILE=os.path.join(WORKDIR, name, "history"),
        DEX_DATA_DIR=os.path.join(WORKDIR, name, "data"))


def spawn(name):
    return pexpect.spawn(DEX, env=environment(name), encoding="utf-8", timeout=10, dimensions=(24, 120))


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def temporary_files(name):
    found = []
    for folder in [os.path.join(WORKDIR, name), os.path.join(WORKDIR, name, "data")]:
        if os.path.isdir(folder):
            found += [f for f in os.listdir(folder) if f.startswith(".")]
    return found


# 1 and 2: SIGHUP (the terminal closed) and SIGTERM save the history and write the favorites
# toggled just before, then dex ends by that signal, leaving no temporary file.
for number, name in [(signal.SIGHUP, "hangup"), (signal.SIGTERM, "terminate")]:
    child = spawn(name)
    prompt(child, f"{name}: first prompt")
    child.send("help fav\r")
    prompt(child, f"{name}: prompt after help")
    child.send("fav 4\r")
    expect(child, re.escape("#1 sent .favorites(.favoriteTapped(id: 4))"), f"{name}: the toggle")
    child.kill(number)
    if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=15) != 0:
        fail(f"{name}: dex did not end", child)
    child.close()
    if child.signalstatus != number:
        fail(f"{name}: ended with status {child.exitstatus}, signal {child.signalstatus}; expected signal {number}")
    history = read(os.path.join(WORKDIR, name, "history"))
    if history != "help fav\nfav 4\n":
        fail(f"{name}: the history file holds {history!r}")
    favorites = read(os.path.join(WORKDIR, name, "data", "favorites.json"))
    if favorites != "[4]":
        fail(f"{name}: favorites.json holds {favorites!r}")
    if temporary_files(name):
        fail(f"{name}: temporary files were left: {temporary_files(name)}")
    print(f"PASS {signal.Signals(number).name} saves history and favorites, then ends by the signal")

# 3: Ctrl-Z and fg under a shell with job control: readline edits the next line again.
shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=dict(environment("stopped"), PS1="shell$ "),
                      encoding="utf-8", timeout=10, dimensions=(24, 120))
expect(shell, re.escape("shell$ "), "stopped: the shell's prompt")
shell.send(f"exec 2>&1; {DEX}\r")
prompt(shell, "stopped: dex's first prompt")
shell.sendcontrol("z")
expect(shell, re.escape("shell$ "), "stopped: Ctrl-Z gives the shell back")
shell.send("fg\r")
expect(shell, re.escape(DEX), "stopped: fg names dex")
time.sleep(0.5)
shell.send("hepl")
expect(shell, "hepl", "stopped: echo of the typo after fg")
shell.send(LEFT + BACKSPACE + RIGHT + "p\r")
expect(shell, HELP_LISTING, "stopped: the line after fg was edited with readline")
prompt(shell, "stopped: prompt after help")
shell.sendcontrol("d")
expect(shell, re.escape("shell$ "), "stopped: Ctrl-D ends dex")
shell.send("exit\r")
shell.expect([pexpect.EOF, pexpect.TIMEOUT])
print("PASS readline edits the first line after Ctrl-Z and fg")

# 4: another process holds the favorites lock: dex starts at once, says it waits, and quit
# does not hang: Ctrl-C stops the wait and the lost toggle is named.
data = os.path.join(WORKDIR, "locked", "data")
os.makedirs(data)
holder = open(os.path.join(data, "favorites.json.lock"), "w")
fcntl.flock(holder, fcntl.LOCK_EX)
child = spawn("locked")
start = time.monotonic()
prompt(child, "locked: the prompt while the lock is held")
if time.monotonic() - start > 5:
    fail("locked: the prompt took more than 5 s", child)
child.send("fav 25\r")
expect(child, re.escape("#1 sent .favorites(.favoriteTapped(id: 25))"), "locked: the toggle")
expect(child, re.escape(f"waiting for {data}/favorites.json.lock, held by another process…"),
       "locked: the wait is announced", timeout=5)
child.send("quit\r")
time.sleep(0.5)
interrupted = time.monotonic()
child.sendintr()
expect(child, re.escape(f"{data}/favorites.json was not written (the wait for {data}/favorites.json.lock was stopped); these toggles are lost: fav 25 (Pikachu, added)."),
       "locked: Ctrl-C stops the wait and the lost toggle is named", timeout=5)
if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5) != 0:
    fail("locked: quit did not end dex", child)
if time.monotonic() - interrupted > 5:
    fail("locked: dex went on waiting for the lock after Ctrl-C")
child.close()
fcntl.flock(holder, fcntl.LOCK_UN)
if read(os.path.join(data, "favorites.json")) is not None:
    fail("locked: favorites.json was written although the lock was held")
print("PASS a held lock never blocks the start, and Ctrl-C ends the wait at quit")
print("ALL PASSED")
"""#
}
