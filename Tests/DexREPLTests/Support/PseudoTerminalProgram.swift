import DexTesting
import Foundation
import Testing

/// Runs a python3 + pexpect program that drives the built `dex` through a real pseudo-terminal
/// and prints `PASS …` per behaviour, then `ALL PASSED`; or `FAIL: …` with the output seen and a
/// non-zero status (3 when pexpect is missing). Programs are kept as strings, so the test
/// target needs no resource files.
enum PseudoTerminalProgram {
  /// What every program starts with: `DEX` and `WORKDIR` from its arguments, and `fail`,
  /// `expect` and `prompt`.
  static let prelude = #"""
import os
import re
import sys

try:
    import pexpect
except ImportError:
    print("FAIL: python3 cannot import pexpect; install it (pip install pexpect or apt-get install python3-pexpect)")
    sys.exit(3)

DEX, WORKDIR = sys.argv[1], sys.argv[2]
UNKNOWN = r"Unknown command '[^']*'"


def fail(step, child=None):
    seen = child.before if child is not None else ""
    print(f"FAIL: {step}\n--- output before the failure ---\n{seen!r}")
    sys.exit(1)


def expect(child, pattern, step, timeout=-1):
    """Waits for `pattern`; an unknown-command error, the end or a timeout first is a failure."""
    index = child.expect([pattern, UNKNOWN, pexpect.EOF, pexpect.TIMEOUT], timeout=timeout)
    if index != 0:
        fail(f"{step}: expected {pattern!r}, got {['', 'an unknown-command error', 'EOF', 'a timeout'][index]}", child)


def prompt(child, step):
    expect(child, re.escape("dex> "), step)


def terminal_environment(**variables):
    """What dex sees on the test's terminal: an xterm, no inputrc, UTF-8, PAGER=cat, and `variables`."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": WORKDIR,
        "TERM": "xterm",
        "INPUTRC": "/dev/null",
        "LANG": "C.UTF-8",
        # Long output goes through the pager on a terminal; cat keeps the programs unattended.
        "PAGER": "cat",
    }
    # A sanitizer build's options (ASAN_OPTIONS=detect_leaks=0, see README) reach dex too.
    env.update({k: v for k, v in os.environ.items() if k.endswith("SAN_OPTIONS")})
    env.update(variables)
    return env

"""#

  /// Whether python3 can import pexpect here; a test that needs it and cannot have it is
  /// skipped with `missingToolNote` rather than failed.
  static let isAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import pexpect"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// Why a test that drives a pseudo-terminal was skipped.
  static let missingToolNote: Comment =
    "skipped: python3 with pexpect drives dex through a pseudo-terminal, and is not installed"

  /// Runs `body` after the prelude in a fresh directory, recording an issue unless it passed.
  static func run(_ body: String) async throws {
    let directory = try TemporaryDirectory()
    let (status, report) = try await PythonProgram.run(
      prelude + body, arguments: [try DexProcess.executable().path, directory.url.path],
      in: directory)

    switch status {
    case 0:
      #expect(report.hasSuffix("ALL PASSED\n"), "\(report)")
    case 127:
      Issue.record("python3 is needed to drive dex through a pseudo-terminal, and was not found.")
    case 3:
      Issue.record("python3 cannot import pexpect, which this test needs: \(report)")
    default:
      Issue.record("dex misbehaved on a pseudo-terminal:\n\(report)")
    }
  }
}
