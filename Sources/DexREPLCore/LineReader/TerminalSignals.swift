#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGINT and SIGWINCH as the interactive REPL handles them: the handlers only set a flag and
/// write a byte to a self-pipe, so a `poll()` wakes up and the work happens outside the handler.
///
/// Ctrl-C never ends an interactive dex; it clears the line being typed (and, later, stops
/// waiting for effects — hence `consumeInterrupt()`).
package enum TerminalSignals {
  private static let interruptPending = Atomic<Bool>(false)
  private static let resizePending = Atomic<Bool>(false)
  private static let wakeDescriptorForHandler = Atomic<Int32>(-1)
  private static let installed = Mutex<Bool>(false)
  private static let wakeup = WakeupPipe()

  /// Installs the handlers; calling it again does nothing.
  package static func install() {
    installed.withLock { isInstalled in
      guard !isInstalled, let wakeup else { return }
      wakeDescriptorForHandler.store(wakeup.writeDescriptor, ordering: .releasing)
      setHandler(for: SIGINT, to: handleSignal)
      setHandler(for: SIGWINCH, to: handleSignal)
      // A parent may have blocked them (test runners and some launchers do); the mask is
      // inherited across exec, and a blocked Ctrl-C would never reach the handler.
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGINT)
      sigaddset(&signals, SIGWINCH)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      isInstalled = true
    }
  }

  /// Puts the default handlers back.
  package static func restore() {
    installed.withLock { isInstalled in
      guard isInstalled else { return }
      setHandler(for: SIGINT, to: SIG_DFL)
      setHandler(for: SIGWINCH, to: SIG_DFL)
      isInstalled = false
    }
  }

  /// True once per Ctrl-C pressed since the last call.
  package static func consumeInterrupt() -> Bool {
    interruptPending.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// True once per terminal resize since the last call.
  static func consumeResize() -> Bool {
    resizePending.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Readable after a signal arrived; -1 when the pipe could not be opened.
  static var wakeDescriptor: Int32 { wakeup?.readDescriptor ?? -1 }

  /// Empties the self-pipe and forgets signals that arrived while nobody was reading.
  static func discardPending() {
    wakeup?.drain()
    _ = consumeInterrupt()
    _ = consumeResize()
  }

  /// Empties the self-pipe, keeping the flags for `consumeInterrupt()` and `consumeResize()`.
  static func drainWakeups() {
    wakeup?.drain()
  }

  private static func setHandler(
    for signalNumber: Int32,
    to handler: (@convention(c) (Int32) -> Void)?
  ) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(signalNumber, &action, nil)
  }
}

/// The signal handler: async-signal-safe work only (atomic stores and one `write`).
private func handleSignal(_ signalNumber: Int32) {
  let savedErrno = errno
  TerminalSignals.record(signalNumber)
  errno = savedErrno
}

extension TerminalSignals {
  fileprivate static func record(_ signalNumber: Int32) {
    if signalNumber == SIGINT {
      interruptPending.store(true, ordering: .releasing)
    } else {
      resizePending.store(true, ordering: .releasing)
    }
    let descriptor = wakeDescriptorForHandler.load(ordering: .acquiring)
    if descriptor >= 0 {
      var byte: UInt8 = 1
      _ = write(descriptor, &byte, 1)
    }
  }
}
