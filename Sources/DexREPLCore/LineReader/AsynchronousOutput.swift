import DexPlatform
import Synchronization

/// A mailbox for text that arrives while the user types, such as the actions of a long-running
/// effect.
///
/// Any thread may `post`; the line reader that owns the mailbox wakes up and prints the text
/// above the line being edited, then redraws the prompt and the line as they were.
package final class AsynchronousOutput: Sendable {
  private let pending = LockedValue<[String]>([])
  private let wakeup: WakeupPipe?
  /// Whether `post` woke the pipe since `takePending` last drained it: a reader that asks after
  /// every line reads the pipe only then.
  private let woken = Atomic<Bool>(false)

  package init() {
    wakeup = WakeupPipe()
  }

  /// Queues `text` for printing as soon as the reader can; a missing final newline is added.
  package func post(_ text: String) {
    guard !text.isEmpty else { return }
    pending.withLock { $0.append(text.hasSuffix("\n") ? text : text + "\n") }
    // After the byte is in the pipe: a reader that sees the flag finds the byte to drain.
    wakeup?.wake()
    woken.store(true, ordering: .releasing)
  }

  /// The descriptor a reader adds to its `poll()` set; readable when text was posted.
  var wakeDescriptor: Int32 { wakeup?.readDescriptor ?? -1 }

  /// Removes and returns everything posted so far, in order ("" when nothing is pending).
  func takePending() -> String {
    if woken.exchange(false, ordering: .acquiringAndReleasing) { wakeup?.drain() }
    return pending.withLock { texts in
      defer { texts.removeAll() }
      return texts.joined()
    }
  }
}
