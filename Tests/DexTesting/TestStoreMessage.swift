/// What a `TestStore` reports: the failures of a test, and (with
/// `exhaustivity = .off(showSkippedAssertions: true)`) the assertions it skipped. The wording of
/// every report is here.
enum TestStoreMessage {
  /// Actions were received while a test sent another; `actions` are their dumps.
  case receivedActionsUnhandled(actions: [String])
  /// An effect sent another action than the one the test expected; `detail` shows both.
  case unexpectedAction(detail: String)
  /// Nothing matching `expected` arrived within `timeout`.
  case noActionReceived(expected: String, timeout: Duration)
  /// Nothing matching `expected` was received and no effect is running that could send it.
  case noActionCanArrive(expected: String)
  /// The state changed after `step` although the test asserted no change.
  case unassertedChange(step: String, diff: String)
  /// The state after `step` (or now, for `assert`) differs from what the test expected.
  case stateMismatch(step: String?, diff: String)
  /// The test expected a change after `step` and none happened.
  case expectedChange(step: String)
  /// The assertion for `step` threw `error`.
  case assertionThrew(step: String?, error: String)
  /// A sent action was not processed within `timeout`.
  case sentActionNotProcessed(timeout: Duration)
  /// Effects still ran `timeout` after `finish()` was called.
  case effectsOutlivedFinish(timeout: Duration)
  /// Received actions were never asserted; `actions` are their dumps.
  case receivedActionsUnasserted(actions: [String])
  /// An effect started by sending `action` still runs at the end of the test.
  case effectOutlivedTest(action: String)
  /// An action was sent after the store's feature dismissed itself.
  case sentToDismissedStore
  /// `skipReceivedActions(strict: true)` found none.
  case noReceivedActionsToSkip
  /// `skipInFlightEffects(strict: true)` found none.
  case noInFlightEffectsToSkip
  /// A skipped assertion: received actions passed over.
  case skippedReceivedActions(actions: [String])
  /// A skipped assertion: effects no longer awaited, started by sending `actions`.
  case skippedInFlightEffects(actions: [String])
  /// A skipped assertion: what the state change after `step` holds beyond what was asserted.
  case skippedStateChange(step: String?, diff: String)

  var text: String {
    switch self {
    case let .receivedActionsUnhandled(actions):
      """
      Must handle \(Self.count(actions.count, "received action")) before sending an action: \
      \(actions.joined(separator: ", ")). Assert each with receive(_:) or call \
      skipReceivedActions().
      """
    case let .unexpectedAction(detail):
      """
      Received an unexpected action. Assert the action that was received instead:
      \(detail)
      """
    case let .noActionReceived(expected, timeout):
      """
      Expected to receive \(expected), but no action was received within \(timeout). Is the \
      effect that sends it waiting on a clock that did not advance?
      """
    case let .noActionCanArrive(expected):
      """
      Expected to receive \(expected), but none was received and no effect is running that \
      could send it.
      """
    case let .unassertedChange(step, diff):
      """
      State was not expected to change after \(step), but it did. Assert the change in a \
      trailing closure:
      \(diff)
      """
    case let .stateMismatch(step, diff):
      """
      \(step.map { "A state change after \($0)" } ?? "The state") does not match the expectation:
      \(diff)
      """
    case let .expectedChange(step):
      """
      Expected the state to change after \(step), but no change occurred. Remove the trailing \
      closure if no change is expected.
      """
    case let .assertionThrew(step, error):
      "The assertion\(step.map { " for \($0)" } ?? "") threw: \(error)"
    case let .sentActionNotProcessed(timeout):
      "The sent action was not processed within \(timeout)."
    case let .effectsOutlivedFinish(timeout):
      """
      Effects were still running \(timeout) after finish() was called. Advance the clock they \
      sleep on, cancel them, or await them with a longer timeout.
      """
    case let .receivedActionsUnasserted(actions):
      """
      The store received \(Self.count(actions.count, "unexpected action")): \
      \(actions.joined(separator: ", ")). Assert each with receive(_:), or call \
      skipReceivedActions().
      """
    case let .effectOutlivedTest(action):
      """
      An effect started by sending \(action) is still running at the end of the test. Advance \
      its clock, await store.finish(), or call skipInFlightEffects().
      """
    case .sentToDismissedStore:
      "Can't send action to dismissed test store."
    case .noReceivedActionsToSkip:
      "There were no received actions to skip."
    case .noInFlightEffectsToSkip:
      "There were no in-flight effects to skip."
    case let .skippedReceivedActions(actions):
      """
      Skipped \(Self.count(actions.count, "received action")): \
      \(actions.joined(separator: ", ")).
      """
    case let .skippedInFlightEffects(actions):
      """
      Skipped \(Self.count(actions.count, "in-flight effect")), started by sending \
      \(actions.joined(separator: ", ")).
      """
    case let .skippedStateChange(step, diff):
      """
      Skipped asserting a state change\(step.map { " after \($0)" } ?? ""):
      \(diff)
      """
    }
  }

  /// `1 received action`, `3 received actions`.
  private static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
