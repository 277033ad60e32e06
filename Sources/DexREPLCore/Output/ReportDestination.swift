import DexPlatform

/// Where the reports of shared files (a lock being waited for, a file that cannot be written)
/// go: above the line being edited while an interactive session reads one, so the prompt is
/// redrawn after them; otherwise straight to standard error.
final class ReportDestination: Sendable {
  private let errors: TextOutput
  private let mailbox = LockedValue<AsynchronousOutput?>(nil)

  init(errors: TextOutput) {
    self.errors = errors
  }

  /// Writes `message` as `dex: message`.
  func report(_ message: String) {
    if let mailbox = mailbox.withLock({ $0 }) {
      mailbox.post("dex: \(message)")
    } else {
      errors.writeLine("dex: \(message)")
    }
  }

  /// Posts reports to `mailbox` from now on (nil: standard error again).
  func post(to mailbox: AsynchronousOutput?) {
    self.mailbox.withLock { $0 = mailbox }
  }
}
