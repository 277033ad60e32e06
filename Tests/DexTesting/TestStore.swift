import Composable
import ComposableInspection
import StoreInspector
import Testing

/// A store for tests that asserts every change: each sent action's state change, each action
/// received from an effect, and that no effect is left running.
///
/// ```swift
/// let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
/// await store.send(.incrementTapped) { $0.count = 1 }
/// await store.receive(.timerTicked) { $0.count = 2 }
/// await store.finish()
/// ```
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable>: @unchecked Sendable {
  /// How strictly the store checks: everything, or only what a test asserts.
  public enum Exhaustivity: Sendable, Equatable {
    /// Every state change and received action must be asserted.
    case on
    /// Only asserted fields and actions are checked; the rest is skipped.
    case off
  }

  /// How strictly the store checks; `.on` unless a test says otherwise.
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait before failing (generous: a loaded CI machine with
  /// two cores can take a while to schedule an effect; a passing test never waits this long).
  public var timeout: Duration = .seconds(5)

  private let store: Store<State, Action>
  /// Where the store's effects run, drained at the end of the test.
  private let effectExecutor = TestEffectExecutor()
  private let log = Guarded(Log())
  private let reportFailure: FailureReporter
  private var expectedState: State
  /// The shared values the expected state refers to.
  private var expectedShared: SharedSnapshot
  private var sentTasks: [(task: StoreTask, action: Action, location: SourceLocation)] = []

  private struct Log {
    var sent: [ProcessedAction<State, Action>] = []
    var received: [ProcessedAction<State, Action>] = []
  }

  /// Reports a failure: the message and where in the test it arose.
  public typealias FailureReporter = @Sendable (_ message: String, _ location: SourceLocation) -> Void

  /// A test store running `reducer` from `initialState` with test dependencies, which
  /// `prepareDependencies` overrides. Failures are recorded as Swift Testing issues unless
  /// `reportFailure` is given (tests of TestStore itself capture them).
  public init<R: Reducer>(
    initialState: R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    reportFailure: FailureReporter? = nil
  ) where R.State == State, R.Action == Action {
    let reportFailure = reportFailure ?? { message, location in
      Issue.record(Comment(rawValue: message), sourceLocation: location)
    }
    self.reportFailure = reportFailure
    self.expectedState = initialState
    self.expectedShared = .empty
    let reporter: IssueReporting.Reporter = { message, fileID, line in
      reportFailure(
        message, SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1))
    }
    let effectExecutor = effectExecutor
    self.store = IssueReporting.$reporter.withValue(reporter) {
      Store(initialState: initialState, reducer: reducer()) { dependencies in
        dependencies.context = .test
        dependencies.effectExecutor = effectExecutor
        prepareDependencies(&dependencies)
      }
    }
    self.expectedShared = store.sharedSnapshot
    let log = log
    store.observe { processed in
      log.withLock { log in
        if processed.origin == .sent {
          log.sent.append(processed)
        } else {
          log.received.append(processed)
        }
      }
    }
  }

  /// The store's current state.
  public var state: State { store.state }

  /// The dependencies the store uses.
  public var dependencies: DependencyValues { store.dependencies }

  /// Changes the dependencies for the actions sent from now on, as a session's `dep` and
  /// `clock` commands do: `store.updateDependencies { $0.clock = clock }`.
  public func updateDependencies(_ update: (inout DependencyValues) -> Void) {
    store.updateDependencies(update)
  }

  /// Changes shared values outside the store, as another screen or process would (a session's
  /// `shared NAME = VALUE`), and expects the change: later assertions start from it.
  /// `store.changeShared { Shared(.favorites).withLock { $0 = [4] } }`.
  public func changeShared(_ change: () -> Void) {
    change()
    expectedShared = store.sharedSnapshot
  }

  /// Cancels every running effect, as a session's `cancel all` does.
  public func cancelAllEffects() {
    store.cancelAllEffects()
  }

  /// Sends `action` and asserts that it changed the state as `updateStateToExpected` does to
  /// the previous state (nothing, when omitted).
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .on {
      let pending = log.withLock { $0.received }
      if !pending.isEmpty {
        fail(
          """
          Must handle \(pending.count) received \(pending.count == 1 ? "action" : "actions") \
          before sending an action: \(pending.map { inspectorDump($0.action) }.joined(separator: ", ")). \
          Assert each with receive(_:) or call skipReceivedActions().
          """, location)
      }
    } else {
      log.withLock { $0.received.removeAll() }
    }
    let task = withReporter { store.send(action) }
    sentTasks.append((task, action, location))
    guard let processed = await nextSent(location) else { return TestStoreTask(task: task) }
    check(
      processed, update: updateStateToExpected, location: location,
      describing: "sending \(inspectorDump(action))")
    return TestStoreTask(task: task)
  }

  /// Waits for the next action an effect sent, asserts it equals `expected`, and that it changed
  /// the state as `updateStateToExpected` does. Non-exhaustive stores skip other actions first.
  public func receive(
    _ expected: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let next = log.withLock { log -> ProcessedAction<State, Action>? in
        guard !log.received.isEmpty else { return nil }
        return log.received.removeFirst()
      }
      if let next {
        if next.action == expected {
          check(
            next, update: updateStateToExpected, location: location,
            describing: "receiving \(inspectorDump(expected))")
          return
        }
        if exhaustivity == .off {
          expectedState = next.stateAfter
          expectedShared = next.sharedAfter
          continue
        }
        fail(
          """
          Received an unexpected action. Assert the action that was received instead:
          \(renderDiff(expected, next.action))
          """, location)
        expectedState = next.stateAfter
        expectedShared = next.sharedAfter
        return
      }
      if clock.now >= deadline {
        fail(
          """
          Expected to receive \(inspectorDump(expected)), but no action was received within \
          \(timeout). Is the effect that sends it waiting on a clock that did not advance?
          """, location)
        return
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Waits for every effect started by sent actions to finish; fails after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while sentTasks.contains(where: { !$0.task.isFinished }) {
      if clock.now >= deadline {
        fail(
          """
          Effects were still running \(limit) after finish() was called. Advance the clock they \
          sleep on, cancel them, or await them with a longer timeout.
          """, location)
        return
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
    checkReceivedActionsHandled(location)
  }

  /// Drops received actions not asserted yet.
  public func skipReceivedActions() {
    log.withLock { $0.received.removeAll() }
    expectedState = store.state
    expectedShared = store.sharedSnapshot
  }

  /// Stops asserting on the effects running now, as TCA does: they keep running and the
  /// actions they send still arrive, but `finish()` and the end of the test no longer wait for
  /// them or fail because of them.
  public func skipInFlightEffects() {
    sentTasks.removeAll { !$0.task.isFinished }
  }

  deinit {
    guard exhaustivity == .on else { return }
    let location = sentTasks.last?.location
      ?? SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    checkReceivedActionsHandled(location)
    // An effect that just sent its last action may still be returning, on the store's effect
    // queue: wait for the job running there, never for an effect asleep (no thread is blocked
    // for long, so the other tests of a parallel run keep theirs).
    for _ in 1...3 where sentTasks.contains(where: { !$0.task.isFinished }) {
      effectExecutor.drain()
    }
    for entry in sentTasks where !entry.task.isFinished {
      fail(
        """
        An effect started by sending \(inspectorDump(entry.action)) is still running at the end \
        of the test. Advance its clock, await store.finish(), or call skipInFlightEffects().
        """, entry.location)
      entry.task.cancel()
    }
  }

  // MARK: - Checking

  private func checkReceivedActionsHandled(_ location: SourceLocation) {
    guard exhaustivity == .on else { return }
    let pending = log.withLock { log -> [ProcessedAction<State, Action>] in
      defer { log.received.removeAll() }
      return log.received
    }
    guard !pending.isEmpty else { return }
    fail(
      """
      The store received \(pending.count) unexpected \(pending.count == 1 ? "action" : "actions"): \
      \(pending.map { inspectorDump($0.action) }.joined(separator: ", ")). Assert each with \
      receive(_:), or call skipReceivedActions().
      """, location)
  }

  private func nextSent(_ location: SourceLocation) async -> ProcessedAction<State, Action>? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let next = log.withLock { log -> ProcessedAction<State, Action>? in
        guard !log.sent.isEmpty else { return nil }
        return log.sent.removeFirst()
      }
      if let next { return next }
      if clock.now >= deadline {
        fail("The sent action was not processed within \(timeout).", location)
        return nil
      }
      await Task.yield()
    }
  }

  private func check(
    _ processed: ProcessedAction<State, Action>,
    update: ((inout State) throws -> Void)?,
    location: SourceLocation,
    describing step: String
  ) {
    let actual = processed.stateAfter
    let actualShared = processed.sharedAfter
    var expected = exhaustivity == .on ? expectedState : actual
    // Shared values the expectation changes go to a scratch copy, never to the live values.
    let scratch = ScratchValues(exhaustivity == .on ? expectedShared : actualShared)
    defer {
      expectedState = actual
      expectedShared = actualShared
    }
    // The expectation gets the values the reducer got (a pushed screen's id, say), so that
    // `$0.path.append(…)` pushes with the id the reducer's push took.
    let tape = GenerationTape(replaying: processed.generated)
    do {
      try tape.run { try withSharedReadMode(.scratch(scratch)) { try update?(&expected) } }
    } catch {
      fail("The assertion for \(step) threw: \(error)", location)
      return
    }
    let expectedSharedAfter = scratch.current
    if !statesEqual(expected, actual, sharedBefore: expectedSharedAfter, sharedAfter: actualShared) {
      let diff = renderDiff(expected, actual, expectedSharedAfter, actualShared)
      if exhaustivity == .on, update == nil {
        fail(
          """
          State was not expected to change after \(step), but it did. Assert the change in a \
          trailing closure:
          \(diff)
          """, location)
      } else {
        fail(
          """
          A state change after \(step) does not match the expectation:
          \(diff)
          """, location)
      }
    } else if exhaustivity == .on, update != nil,
      statesEqual(
        processed.stateBefore, actual, sharedBefore: processed.sharedBefore,
        sharedAfter: actualShared)
    {
      fail(
        """
        Expected the state to change after \(step), but no change occurred. Remove the trailing \
        closure if no change is expected.
        """, location)
    }
  }

  private func renderDiff<T>(
    _ expected: T, _ actual: T, _ expectedShared: SharedSnapshot, _ actualShared: SharedSnapshot
  ) -> String {
    momentDiff(expected, actual, sharedBefore: expectedShared, sharedAfter: actualShared)
      .namingUnnamedValues(in: actual).text(labels: .testFailure)
  }

  private func renderDiff<T>(_ expected: T, _ actual: T) -> String {
    DiffRenderer.text(inspectorDiff(expected, actual), labels: .testFailure)
  }

  private func fail(_ message: String, _ location: SourceLocation) {
    reportFailure(message, location)
  }

  private func withReporter<Result>(_ body: () -> Result) -> Result {
    let reportFailure = reportFailure
    return IssueReporting.$reporter.withValue({ message, fileID, line in
      reportFailure(message, SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1))
    }, operation: body)
  }
}

/// The effects of one action sent to a `TestStore`.
public struct TestStoreTask: Sendable {
  let task: StoreTask

  /// Waits until the effects have finished.
  public func finish() async { await task.finish() }

  /// Cancels the effects.
  public func cancel() { task.cancel() }

  /// Whether the effects have finished.
  public var isFinished: Bool { task.isFinished }
}
