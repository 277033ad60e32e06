import Foundation

/// A delegate queue that runs each block where it is added, at once: given to a `URLSession`,
/// it makes FoundationNetworking call the delegate on its own transfer queue as each piece of a
/// body arrives. FoundationNetworking hands every piece to the delegate queue without waiting,
/// so behind an ordinary queue a fast server piles up unread pieces (gigabytes in seconds on
/// loopback) before the delegate sees the first one past its limit.
///
/// The delegate then runs on the transfer queue: it must return quickly and must not cancel a
/// task there (`URLSessionTask.cancel()` waits for that same queue).
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }
}
