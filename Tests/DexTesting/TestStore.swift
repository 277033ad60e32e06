import Composable
import ComposableInspection
import DexPlatform
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
///
/// The initial state, the reducer and every assertion closure are evaluated with the store's
/// dependencies, as the reducer is: a `@Dependency(\.date)` in `State.init()` sees the test's date.
public final class TestStore<State: Equatable & Sendable, Action: Sendable>: @unchecked Sendable {
  /// How strictly the store checks: everything, or only what a test asserts.
  public enum Exhaustivity: Sendable, Equatable {
    /// Every state change and received action must be asserted.
    case on
    /// Only asserted fields and actions are checked; the rest is skipped. With
    /// `showSkippedAssertions`, what was skipped is reported as a known issue (informational,
    /// not a failure), the way TCA shows it in grey.
    case off(showSkippedAssertions: Bool)

    /// Only asserted fields and actions are checked; the rest is skipped silently.
    public static var off: Self { .off(showSkippedAssertions: false) }
  }

  /// How strictly the store checks; `.on` unless a test says otherwise.
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait before failing (generous: a loaded CI machine with
  /// two cores can take a while to schedule an effect; a passing test never waits this long).
  public var timeout: Duration = .seconds(5)

  private let store: Store<State, Action>
  /// Where the store's effects run, drained at the end of the test.
  private let effectExecutor = TestEffectExecutor()
  private let log = LockedValue(Log())
  private let reportFailure: FailureReporter
  private let reportSkippedAssertion: FailureReporter
  private let dismissal = RootDismissal()
  /// The state as of the last step asserted or skipped.
  private var assertedState: State
  /// The shared values as of the last step asserted or skipped.
  private var assertedShared: SharedSnapshot
  private var sentTasks: [SentTask] = []

  private struct Log {
    var sent: [ProcessedAction<State, Action>] = []
    var received: [ProcessedAction<State, Action>] = []
  }

  /// The effects of one sent action, and whether the test stopped asserting on them.
  private struct SentTask {
    let task: StoreTask
    let action: Action
    let location: SourceLocation
    var isSkipped = false
  }

  /// Reports a failure: the message and where in the test it arose.
  public typealias FailureReporter = @Sendable (_ message: String, _ location: SourceLocation) -> Void

  /// A test store running `reducer` from `initialState` with test dependencies, which
  /// `prepareDependencies` overrides. Failures are recorded as Swift Testing issues unless
  /// `reportFailure` is given, skipped assertions as known issues unless `reportSkippedAssertion`
  /// is (tests of TestStore itself capture them).
  public init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    reportFailure: FailureReporter? = nil,
    reportSkippedAssertion: FailureReporter? = nil
  ) where R.State == State, R.Action == Action {
    let reportFailure = reportFailure ?? { message, location in
      Issue.record(Comment(rawValue: message), sourceLocation: location)
    }
    self.reportFailure = reportFailure
    self.reportSkippedAssertion = reportSkippedAssertion ?? { message, location in
      withKnownIssue(isIntermittent: true) {
        Issue.record(Comment(rawValue: message), sourceLocation: location)
      }
    }
    let effectExecutor = effectExecutor
    let dismissal = dismissal
    let (initialState, store) = Self.withReporter(reportFailure) {
      var dependencies = DependencyValues.current
      dependencies.context = .test
      dependencies.effectExecutor = effectExecutor
      dependencies.rootDismissal = { dismissal.dismiss() }
      // The store's dependencies bind before anything is made: the initial state, the
      // reducer and the store all see them.
      return DependencyValues.withCurrent(dependencies.setting(prepareDependencies)) {
        let initialState = initialState()
        return (initialState, Store(initialState: initialState, reducer: reducer()))
      }
    }
    self.store = store
    self.assertedState = initialState
    self.assertedShared = store.sharedSnapshot
    dismissal.whenDismissed { [weak store] in store?.cancelAllEffects() }
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

  /// The state as of the last step the test asserted or skipped: received actions not yet
  /// asserted are not in it. Inside an assertion closure, the state before the step.
  public var state: State { assertedState }

  /// The dependencies the store uses; set them (or one of them) between steps to change them for
  /// the actions sent from then on: `store.dependencies.date = .constant(later)`.
  public var dependencies: DependencyValues {
    get { store.dependencies }
    _modify {
      // Changing part of a dependency reads it first; that read is not a use of its default.
      let wasSetting = DependencyValues.beginSetting()
      var values = store.dependencies
      defer {
        DependencyValues.endSetting(restoring: wasSetting)
        store.updateDependencies { $0 = values }
      }
      yield &values
    }
  }

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
    assertedShared = store.sharedSnapshot
  }

  /// Cancels every running effect, as a session's `cancel all` does.
  public func cancelAllEffects() {
    store.cancelAllEffects()
  }

  /// Sends `action` and asserts that it changed the state as `updateStateToExpected` does to
  /// the previous state (nothing, when omitted). Then lets the effects that can run now run.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !dismissal.isDismissed else {
      fail(.sentToDismissedStore, location)
      return TestStoreTask(task: nil)
    }
    let pending = log.withLock { $0.received }
    if !pending.isEmpty {
      switch exhaustivity {
      case .on:
        fail(.receivedActionsUnhandled(actions: pending.map { inspectorDump($0.action) }), location)
      case .off:
        skip(receivedPrefix: pending.count, location)
      }
    }
    let task = withReporter { store.send(action) }
    sentTasks.append(SentTask(task: task, action: action, location: location))
    if let processed = await nextSent(location) {
      expect(processed, update: updateStateToExpected, location, step: "sending \(inspectorDump(action))")
    }
    await effectExecutor.settle()
    return TestStoreTask(task: task)
  }

  /// Waits for the next action an effect sent that `isMatching` accepts, and asserts that it
  /// changed the state as `updateStateToExpected` does. An exhaustive store fails when another
  /// action arrives first; a non-exhaustive one skips it.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    await receive(
      matching: isMatching, expected: "an action matching the predicate",
      mismatch: { "Expected: an action matching the predicate\nReceived: \(inspectorDump($0))" },
      timeout: timeout, update: updateStateToExpected,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for every effect started by sent actions to finish; fails after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let finished: Void? = await poll(timeout: limit) {
      sentTasks.contains(where: { !$0.isSkipped && !$0.task.isFinished }) ? nil : ()
    }
    guard finished != nil else {
      fail(.effectsOutlivedFinish(timeout: limit), location)
      return
    }
    if exhaustivity == .on { checkReceivedActionsHandled(location) }
  }

  /// Lets the effects that can run now deliver their actions, then drops the received actions
  /// not asserted yet: the store's `state` moves past them. `strict` fails when there were none.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await effectExecutor.settle()
    let count = log.withLock { $0.received.count }
    guard count > 0 else {
      if strict { fail(.noReceivedActionsToSkip, location) }
      return
    }
    skip(receivedPrefix: count, location)
  }

  /// Stops asserting on the effects running now, as TCA does: they keep running and the
  /// actions they send still arrive, but `finish()` and the end of the test no longer wait for
  /// them or fail because of them. `strict` fails when none was running.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await effectExecutor.settle()
    let running = sentTasks.indices.filter {
      !sentTasks[$0].isSkipped && !sentTasks[$0].task.isFinished
    }
    guard !running.isEmpty else {
      if strict { fail(.noInFlightEffectsToSkip, location) }
      return
    }
    if exhaustivity == .off(showSkippedAssertions: true) {
      note(
        .skippedInFlightEffects(actions: running.map { inspectorDump(sentTasks[$0].action) }),
        location)
    }
    for index in running { sentTasks[index].isSkipped = true }
  }

  /// Asserts the state as of the last step (with the shared values as they are now), as a step
  /// would: `store.assert { $0.count = 1 }` fails unless that is what the state holds.
  public func assert(
    _ updateStateToExpected: @escaping (inout State) throws -> Void,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let live = store.sharedSnapshot
    expect(
      assertedState, shared: live, before: nil, update: updateStateToExpected, location, step: nil)
    assertedShared = live
  }

  deinit {
    let location = sentTasks.last?.location
      ?? SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    switch exhaustivity {
    case .on:
      checkReceivedActionsHandled(location)
      // An effect that just sent its last action may still be returning, on the store's effect
      // queue: wait for the job running there, never for an effect asleep (no thread is blocked
      // for long, so the other tests of a parallel run keep theirs).
      for _ in 1...3 where sentTasks.contains(where: { !$0.isSkipped && !$0.task.isFinished }) {
        effectExecutor.drain()
      }
      for entry in sentTasks where !entry.isSkipped && !entry.task.isFinished {
        fail(.effectOutlivedTest(action: inspectorDump(entry.action)), entry.location)
        entry.task.cancel()
      }
    case .off(showSkippedAssertions: true):
      checkReceivedActionsHandled(location)
      let running = sentTasks.filter { !$0.isSkipped && !$0.task.isFinished }
      if !running.isEmpty {
        note(.skippedInFlightEffects(actions: running.map { inspectorDump($0.action) }), location)
      }
    case .off(showSkippedAssertions: false):
      break
    }
  }

  // MARK: - Receiving

  /// Waits for a received action that `isMatching` accepts (`expected` describes it) and
  /// asserts its change; `mismatch` describes an action that does not match.
  func receive(
    matching isMatching: (Action) -> Bool,
    expected: @autoclosure () -> String,
    mismatch: (Action) -> String,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    _ location: SourceLocation
  ) async {
    let limit = timeout ?? self.timeout
    let handled: Void? = await poll(timeout: limit) {
      // Read before the log: once every effect has finished, all it sent is in the log.
      let nothingRunning = sentTasks.allSatisfy { $0.task.isFinished }
      let received = log.withLock { $0.received }
      switch exhaustivity {
      case .on:
        if let next = received.first {
          log.withLock { _ = $0.received.removeFirst() }
          if isMatching(next.action) {
            expect(next, update: update, location, step: "receiving \(inspectorDump(next.action))")
          } else {
            fail(.unexpectedAction(detail: mismatch(next.action)), location)
            moveAssertions(past: next)
          }
          return ()
        }
      case .off:
        // Non-matching actions are skipped only when a matching one follows them; otherwise
        // they stay for a later assertion.
        if let position = received.firstIndex(where: { isMatching($0.action) }) {
          if position > 0 { skip(receivedPrefix: position, location) }
          let next = log.withLock { $0.received.removeFirst() }
          expect(next, update: update, location, step: "receiving \(inspectorDump(next.action))")
          return ()
        }
      }
      if nothingRunning {
        fail(.noActionCanArrive(expected: expected()), location)
        return ()
      }
      return nil
    }
    if handled == nil {
      fail(.noActionReceived(expected: expected(), timeout: limit), location)
    }
  }

  // MARK: - Checking

  /// Drops the first `count` received actions; the asserted state moves past them.
  private func skip(receivedPrefix count: Int, _ location: SourceLocation) {
    let skipped = log.withLock { log -> ArraySlice<ProcessedAction<State, Action>> in
      let skipped = log.received.prefix(count)
      log.received.removeFirst(skipped.count)
      return skipped
    }
    guard let last = skipped.last else { return }
    if exhaustivity == .off(showSkippedAssertions: true) {
      note(.skippedReceivedActions(actions: skipped.map { inspectorDump($0.action) }), location)
    }
    moveAssertions(past: last)
  }

  private func moveAssertions(past processed: ProcessedAction<State, Action>) {
    assertedState = processed.stateAfter
    assertedShared = processed.sharedAfter
  }

  private func checkReceivedActionsHandled(_ location: SourceLocation) {
    let pending = log.withLock { log -> [ProcessedAction<State, Action>] in
      defer { log.received.removeAll() }
      return log.received
    }
    guard !pending.isEmpty else { return }
    let actions = pending.map { inspectorDump($0.action) }
    switch exhaustivity {
    case .on: fail(.receivedActionsUnasserted(actions: actions), location)
    case .off(showSkippedAssertions: true): note(.skippedReceivedActions(actions: actions), location)
    case .off(showSkippedAssertions: false): break
    }
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
        fail(.sentActionNotProcessed(timeout: timeout), location)
        return nil
      }
      await Task.yield()
    }
  }

  /// Asserts the change `processed` made, then moves the asserted state past it.
  private func expect(
    _ processed: ProcessedAction<State, Action>,
    update: ((inout State) throws -> Void)?,
    _ location: SourceLocation,
    step: String
  ) {
    defer { moveAssertions(past: processed) }
    expect(
      processed.stateAfter, shared: processed.sharedAfter,
      before: (processed.stateBefore, processed.sharedBefore), generated: processed.generated,
      update: update, location, step: step)
  }

  /// Fails unless `actual` (with the shared values `actualShared`) is what `update` makes of
  /// the asserted state (exhaustive), or what it makes of `actual` itself (non-exhaustive: only
  /// what the closure sets is checked). `before` is the state the step started from, to tell
  /// an expected change that did not happen; nil for `assert`. `generated` holds the values the
  /// reducer made (a pushed screen's id, say), replayed to `update` so that `$0.path.append(…)`
  /// pushes with the id the reducer's push took.
  private func expect(
    _ actual: State, shared actualShared: SharedSnapshot,
    before: (state: State, shared: SharedSnapshot)?,
    generated: [GeneratedValue] = [],
    update: ((inout State) throws -> Void)?,
    _ location: SourceLocation,
    step: String?
  ) {
    switch exhaustivity {
    case .on:
      guard
        let expected = applying(
          update, to: assertedState, shared: assertedShared, generated, location, step: step)
      else { return }
      if !statesEqual(
        expected.state, actual, sharedBefore: expected.shared, sharedAfter: actualShared)
      {
        let diff = renderDiff(expected.state, actual, expected.shared, actualShared)
        if update == nil, let step {
          fail(.unassertedChange(step: step, diff: diff), location)
        } else {
          fail(.stateMismatch(step: step, diff: diff), location)
        }
      } else if update != nil, let before, let step,
        statesEqual(before.state, actual, sharedBefore: before.shared, sharedAfter: actualShared)
      {
        fail(.expectedChange(step: step), location)
      }
    case .off(let showSkippedAssertions):
      guard
        let expected = applying(
          update, to: actual, shared: actualShared, generated, location, step: step)
      else { return }
      if !statesEqual(
        expected.state, actual, sharedBefore: expected.shared, sharedAfter: actualShared)
      {
        let diff = renderDiff(expected.state, actual, expected.shared, actualShared)
        fail(.stateMismatch(step: step, diff: diff), location)
      } else if showSkippedAssertions,
        let asserted = applying(
          update, to: assertedState, shared: assertedShared, generated, location, step: step),
        !statesEqual(
          asserted.state, actual, sharedBefore: asserted.shared, sharedAfter: actualShared)
      {
        let diff = renderDiff(asserted.state, actual, asserted.shared, actualShared)
        note(.skippedStateChange(step: step, diff: diff), location)
      }
    }
  }

  /// `state` as `update` changes it, run with the store's dependencies; shared values it
  /// changes go to a scratch copy of `shared`, never to the live values. Nil when it threw.
  private func applying(
    _ update: ((inout State) throws -> Void)?, to state: State, shared: SharedSnapshot,
    _ generated: [GeneratedValue], _ location: SourceLocation, step: String?
  ) -> (state: State, shared: SharedSnapshot)? {
    guard let update else { return (state, shared) }
    var expected = state
    let scratch = ScratchValues(shared)
    // Stack ids an assertion makes past the ones the reducer took come from a copy of the
    // store's count, so asserting never moves the ids the store's next push takes.
    var assertionDependencies = store.dependencies
    assertionDependencies.stackElementID = .incrementing(
      from: store.dependencies.stackElementID.peek().generation)
    do {
      try withReporter {
        try DependencyValues.withCurrent(assertionDependencies) {
          try GenerationTape(replaying: generated).run {
            try withSharedReadMode(.scratch(scratch)) { try update(&expected) }
          }
        }
      }
    } catch {
      fail(.assertionThrew(step: step, error: "\(error)"), location)
      return nil
    }
    return (expected, scratch.current)
  }

  private func renderDiff<T>(
    _ expected: T, _ actual: T, _ expectedShared: SharedSnapshot, _ actualShared: SharedSnapshot
  ) -> String {
    momentDiff(expected, actual, sharedBefore: expectedShared, sharedAfter: actualShared)
      .namingUnnamedValues(in: actual).text(labels: .testFailure)
  }

  /// The diff of an expected and a received action.
  func renderDiff<T>(_ expected: T, _ actual: T) -> String {
    DiffRenderer.text(inspectorDiff(expected, actual), labels: .testFailure)
  }

  private func fail(_ message: TestStoreMessage, _ location: SourceLocation) {
    reportFailure(message.text, location)
  }

  private func note(_ message: TestStoreMessage, _ location: SourceLocation) {
    reportSkippedAssertion(message.text, location)
  }

  private func withReporter<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.withReporter(reportFailure, body)
  }

  /// Runs `body` with issues the core reports (a dependency without a test value, a warning)
  /// going to `reportFailure`.
  private static func withReporter<Result>(
    _ reportFailure: @escaping FailureReporter, _ body: () throws -> Result
  ) rethrows -> Result {
    try IssueReporting.$reporter.withValue({ message, fileID, line in
      reportFailure(message, SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1))
    }, operation: body)
  }
}

extension TestStore where Action: Equatable {
  /// Waits for the next action an effect sent, asserts it equals `expected`, and that it changed
  /// the state as `updateStateToExpected` does. Non-exhaustive stores skip other actions first.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    await receive(
      matching: { $0 == expected }, expected: inspectorDump(expected),
      mismatch: { renderDiff(expected, $0) }, timeout: timeout, update: updateStateToExpected,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The effects of one action sent to a `TestStore`.
public struct TestStoreTask: Sendable {
  let task: StoreTask?

  /// Waits until the effects have finished.
  public func finish() async { await task?.finish() }

  /// Cancels the effects.
  public func cancel() { task?.cancel() }

  /// Whether the effects have finished.
  public var isFinished: Bool { task?.isFinished ?? true }
}

/// What `@Dependency(\.dismiss)` does in a test store's root feature: the feature is dismissed,
/// its effects end silently, and the store takes no more actions.
private final class RootDismissal: Sendable {
  private let state = LockedValue<(isDismissed: Bool, end: (@Sendable () -> Void)?)>((false, nil))

  /// Whether the root feature dismissed itself.
  var isDismissed: Bool { state.withLock { $0.isDismissed } }

  /// Sets what ends the store's effects on dismissal.
  func whenDismissed(_ end: @escaping @Sendable () -> Void) {
    state.withLock { $0.end = end }
  }

  func dismiss() {
    let end = state.withLock { state -> (@Sendable () -> Void)? in
      state.isDismissed = true
      return state.end
    }
    end?()
  }
}
