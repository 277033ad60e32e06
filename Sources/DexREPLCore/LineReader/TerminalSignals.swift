#if canImport(Glibc)
import DexPlatform
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The signals dex handles itself: the handlers only set a flag and write a byte to a
/// self-pipe, so a `poll()` wakes up and the work happens outside the handler.
///
/// On a terminal (`install()`): Ctrl-C never ends dex; it clears the line being typed (and
/// stops waiting for effects or for a lock — hence `consumeInterrupt()`). SIGWINCH resizes the
/// line, and SIGCONT (after Ctrl-Z and `fg`) puts readline's terminal settings back.
///
/// In every mode (`catchTermination()`, from `main`): SIGHUP and SIGTERM end the session the
/// way Ctrl-D does — history saved, pending shared values written — and then the process ends by
/// that signal (`endIfTerminated()`), so its parent sees the conventional status.
package enum TerminalSignals {
  private static let interruptPending = Atomic<Bool>(false)
  private static let resizePending = Atomic<Bool>(false)
  private static let continuePending = Atomic<Bool>(false)
  private static let terminationSignal = Atomic<Int32>(0)
  private static let wakeDescriptorForHandler = Atomic<Int32>(-1)
  private static let installed = LockedValue<Bool>(false)
  private static let wakeup = WakeupPipe()

  /// Installs the handlers; calling it again does nothing.
  package static func install() {
    installed.withLock { isInstalled in
      guard !isInstalled, let wakeup else { return }
      wakeDescriptorForHandler.store(wakeup.writeDescriptor, ordering: .releasing)
      for signalNumber in [SIGINT, SIGWINCH, SIGCONT] { setHandler(for: signalNumber, to: handleSignal) }
      unblock([SIGINT, SIGWINCH, SIGCONT])
      isInstalled = true
    }
  }

  /// Catches SIGHUP and SIGTERM for the rest of the process: the session then ends as at the
  /// end of its input. Only the `dex` program calls it (a test process keeps its own handling).
  package static func catchTermination() {
    guard let wakeup else { return }
    wakeDescriptorForHandler.store(wakeup.writeDescriptor, ordering: .releasing)
    setHandler(for: SIGHUP, to: handleSignal)
    setHandler(for: SIGTERM, to: handleSignal)
    unblock([SIGHUP, SIGTERM])
  }

  /// Whether SIGHUP or SIGTERM asked the process to end.
  package static var terminationRequested: Bool {
    terminationSignal.load(ordering: .acquiring) != 0
  }

  /// Ends the process by the signal that asked it to end, if one did: call it once everything
  /// is saved.
  package static func endIfTerminated() {
    let signalNumber = terminationSignal.load(ordering: .acquiring)
    guard signalNumber != 0 else { return }
    setHandler(for: signalNumber, to: SIG_DFL)
    raise(signalNumber)
  }

  /// Puts the default handlers back.
  package static func restore() {
    installed.withLock { isInstalled in
      guard isInstalled else { return }
      for signalNumber in [SIGINT, SIGWINCH, SIGCONT] { setHandler(for: signalNumber, to: SIG_DFL) }
      isInstalled = false
    }
  }

  /// True once per Ctrl-C pressed since the last call.
  package static func consumeInterrupt() -> Bool {
    interruptPending.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Whether Ctrl-C was pressed since the last `consumeInterrupt()`, leaving it pending.
  static var isInterruptPending: Bool {
    interruptPending.load(ordering: .acquiring)
  }

  /// True once per terminal resize since the last call.
  static func consumeResize() -> Bool {
    resizePending.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// True once per SIGCONT (the process was stopped, then continued) since the last call.
  static func consumeContinue() -> Bool {
    continuePending.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Readable after a signal arrived; -1 when the pipe could not be opened.
  static var wakeDescriptor: Int32 { wakeup?.readDescriptor ?? -1 }

  /// Empties the self-pipe and forgets signals that arrived while nobody was reading.
  static func discardPending() {
    wakeup?.drain()
    _ = consumeInterrupt()
    _ = consumeResize()
    _ = consumeContinue()
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

  /// A parent may have blocked them (test runners and some launchers do); the mask is
  /// inherited across exec, and a blocked signal would never reach its handler.
  private static func unblock(_ signalNumbers: [Int32]) {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signalNumber in signalNumbers { sigaddset(&signals, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
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
    switch signalNumber {
    case SIGINT: interruptPending.store(true, ordering: .releasing)
    case SIGWINCH: resizePending.store(true, ordering: .releasing)
    case SIGCONT: continuePending.store(true, ordering: .releasing)
    default: terminationSignal.store(signalNumber, ordering: .releasing)
    }
    let descriptor = wakeDescriptorForHandler.load(ordering: .acquiring)
    if descriptor >= 0 {
      var byte: UInt8 = 1
      _ = write(descriptor, &byte, 1)
    }
  }
}
