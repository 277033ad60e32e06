import DexPlatform
import Synchronization

/// The engine of a root store: the state, the reduce, the observers. The queue of actions is in
/// `ActionQueue.swift`, the starting of effects in `EffectRunner.swift`, their cancellation in
/// `RunningEffects.swift`.
///
/// **The send path is cheap, keep it so** (dex-bench B1, W1 and W2 hold it within 2× of the
/// reducer called directly), by these four choices:
/// - *Specialized in the caller's module.* What every `send` runs (`send`, `enqueue`,
///   `processQueue`, `process`, `withState`) is `@inlinable` and what it touches is
///   `@usableFromInline`. Compiled here, that code is generic over `State` and `Action`, and
///   each use of a type built from them (the queued item, the queue's array, an optional)
///   looks its metadata up in the runtime's caches: about half of a send. Inlined into the
///   module that names the concrete state and action (the app, a test, a benchmark), it
///   is specialized and the look-ups are gone. The reducers (`Reduce`, `Scope`, `forEach`, …)
///   are `@inlinable` for the same reason, and `IdentifiedArray`'s routing methods too.
/// - *No lock for the queue when idle.* A send that finds nothing being processed claims the
///   store with one atomic exchange (`status`) and reduces at once, and lets go with another
///   when nothing was queued meanwhile; only a send that arrives while another is processed
///   locks the queue and waits in it. The state's lock is the one lock a send takes.
/// - *No tracker without effects.* A tracker is made when an action starts an effect; the
///   others return a task sharing one finished tracker.
/// - *One thread-local for the environment, one pointer in it.* The dependencies and the shared
///   container are installed on the thread for the reduce as one `ReduceEnvironment`, unretained
///   (`DependencyValues.withThreadCurrent`), with no task-local read or push; the processing
///   thread remakes it only when `updateDependencies` changed them (an atomic version, read
///   without the dependencies' lock).
/// Keep these on whatever this becomes (a module of its own, another queue): a `-cross-module-
/// optimization` flag specializes the runtime too but not the reducers, and silently stops
/// when a function cannot be serialized; the annotations are explicit. Effects, rarer and slow
/// anyway, stay compiled here (`start`, `receive`).
@usableFromInline
final class StoreRuntime<State, Action: Sendable>: @unchecked Sendable {
  @usableFromInline let reduce: ReduceFunction<State, Action>
  /// Where the reducer's children are, to end the effects of those another reducer removed.
  let presence: ChildPresence<State>?
  /// Whether a thread processes the store's actions, and whether actions wait in `queue`.
  @usableFromInline let status = Atomic<QueueStatus>(.idle)
  #if DEX_TSAN
    @usableFromInline let currentState: LockedValue<State>
    @usableFromInline let queue = LockedValue(ActionQueue())
    @usableFromInline let dependencies: LockedValue<DependencyValues>
  #else
    /// The locks of the state, the queue and the dependencies are Synchronization's `Mutex`
    /// held in the runtime itself, not `LockedValue`s behind a pointer each: dex-bench W1 and
    /// W2 measured that hop at about 30 ns a send. The state is not `Sendable`, so its mutex
    /// guards it beside it, as `LockedValue` does. Under ThreadSanitizer they are
    /// `LockedValue`s (see its comment).
    @usableFromInline let stateLock = Mutex(())
    @usableFromInline @exclusivity(unchecked) var lockedState: State
    @usableFromInline let queue = Mutex(ActionQueue())
    @usableFromInline let dependencies: Mutex<DependencyValues>
  #endif
  /// Counts the changes of `dependencies`, so that the processing thread reads them only when
  /// they changed.
  @usableFromInline let dependenciesVersion = Atomic<UInt64>(0)
  /// What the processing thread installs for each reduce, made from `dependencies` as they were
  /// at `environmentVersion`. Only the thread that claimed `status` reads or writes these and
  /// `lastIndex`: the claim and the release of `status` order them between threads.
  @usableFromInline @exclusivity(unchecked) var environment: ReduceEnvironment
  @usableFromInline @exclusivity(unchecked) var environmentVersion: UInt64 = 0
  /// The number of the last action processed.
  @usableFromInline @exclusivity(unchecked) var lastIndex: UInt64 = 0
  /// The observers, each returning the number it gives the action or nil (see `Store.number`).
  @usableFromInline let observers = LockedValue<[@Sendable (ProcessedAction<State, Action>) -> UInt64?]>([])
  @usableFromInline let hasObservers = Atomic<Bool>(false)
  @usableFromInline let effects = RunningEffects()
  /// When each throttled effect last ran, by its id seen from its child (see `throttle`).
  let throttles = LockedValue<[CancelKey: ThrottleSlot<Action>]>([:])

  /// The shared values the store's state refers to.
  @usableFromInline let container: SharedContainer

  init(
    initialState: State, reduce: @escaping ReduceFunction<State, Action>,
    presence: ChildPresence<State>?, dependencies: DependencyValues, container: SharedContainer
  ) {
    self.reduce = reduce
    self.presence = presence
    #if DEX_TSAN
      self.currentState = LockedValue(initialState)
      self.dependencies = LockedValue(dependencies)
    #else
      self.lockedState = initialState
      self.dependencies = Mutex(dependencies)
    #endif
    self.environment = ReduceEnvironment(values: dependencies, container: container)
    self.container = container
  }

  /// Runs `body` with the state while holding its lock.
  @inlinable
  func withState<Result>(_ body: (inout State) -> Result) -> Result {
    #if DEX_TSAN
      currentState.withLock(body)
    #else
      var result: Result?
      stateLock.withLock { _ in result = body(&lockedState) }
      // Set: `withLock` ran the closure, which returned.
      return result.unsafelyUnwrapped
    #endif
  }

  var state: State { withState { $0 } }

  func replaceState(_ state: State) {
    withState { $0 = state }
  }

  /// The dependencies the reducer and the effects of the actions processed from now on use.
  var currentDependencies: DependencyValues { dependencies.withLock { $0 } }

  /// Changes the dependencies for the actions processed from now on.
  func updateDependencies(_ update: (inout DependencyValues) -> Void) {
    dependencies.withLock { $0 = $0.setting(update) }
    dependenciesVersion.wrappingAdd(1, ordering: .releasing)
  }

  func addObserver(_ observer: @escaping @Sendable (ProcessedAction<State, Action>) -> UInt64?) {
    observers.withLock { $0.append(observer) }
    hasObservers.store(true, ordering: .releasing)
  }

  func cancelAllEffects() {
    effects.cancelAll()
  }

  /// Sends `action`. In the usual case nothing is being processed: this thread claims the
  /// store and reduces the action at once, without queueing it, and makes a tracker only if
  /// the action starts an effect (most do not; the others share one finished tracker).
  /// `report`, when given, is told about the action once it is reduced and numbered, before
  /// its effects start, if this thread reduces it (not when the send is queued); `override`,
  /// when given, reduces it then instead of `reduce` (see `Store.send(_:reducingWith:report:)`).
  @inlinable
  func send(
    _ action: Action, report: ReportReduced? = nil,
    reducingWith override: ReduceFunction<State, Action>? = nil
  ) -> StoreTask {
    // Idle means nothing is queued either: the processing thread empties the queue before it
    // lets go.
    guard
      status.compareExchange(expected: .idle, desired: .processing, ordering: .acquiring)
        .exchanged
    else {
      let tracker = EffectTracker()
      enqueue(Queued(action: action, origin: .sent, tracker: tracker))
      return StoreTask(tracker: tracker)
    }
    let processed = process(
      action, origin: .sent, tracker: nil, report: report, reducingWith: override)
    processQueue(next: processed.sends)
    return StoreTask(tracker: processed.tracker ?? .finished)
  }

  /// Reduces one action, tells the observers and starts its effects; only the thread that
  /// claimed `status` runs it. `tracker` counts the work of the send the action belongs to and
  /// ends the action's share; nil for an action reduced on the spot by `send`, whose tracker is
  /// made here only when the action starts an effect. Returns that tracker and the actions the
  /// `.send` effects sent, to be queued. The action's effects and the actions they send carry
  /// its number: the next of the store's, or the number an observer gives it (`Store.number`).
  /// `override`, when given, reduces this action instead of `reduce`.
  @inlinable
  func process(
    _ action: Action, origin: ActionOrigin, tracker: EffectTracker?,
    report: ReportReduced? = nil, reducingWith override: ReduceFunction<State, Action>? = nil
  ) -> (tracker: EffectTracker?, sends: [Queued]) {
    lastIndex += 1
    var index = lastIndex
    if dependenciesVersion.load(ordering: .acquiring) != environmentVersion {
      refreshEnvironment()
    }
    let environment = self.environment
    let effect: Effect<Action>
    if report != nil || hasObservers.load(ordering: .acquiring) {
      let sharedBefore = container.snapshot()
      var before: State?
      var after: State?
      let tape = GenerationTape()
      effect = DependencyValues.withThreadCurrent(environment) {
        tape.run {
          withState { state in
            before = state
            defer { after = state }
            if let override { return override(&state, action) }
            return reduce(&state, action)
          }
        }
      }
      // Taken out of the optionals, the two states move into `processed`: a state is copied
      // once on each side of the reduce, not again here.
      if let before = before.take(), let after = after.take() {
        let processed = ProcessedAction(
          index: index, action: action, origin: origin, stateBefore: before,
          stateAfter: after, sharedBefore: sharedBefore, sharedAfter: container.snapshot(),
          generated: tape.values, isReportedBySender: report != nil)
        for observer in observers.withLock({ $0 }) {
          if let number = observer(processed) { index = number }
        }
        report?(processed, index)
      }
    } else {
      effect = DependencyValues.withThreadCurrent(environment) {
        withState { state in
          if let override { return override(&state, action) }
          return reduce(&state, action)
        }
      }
    }
    if effects.hasChildTasks { endEffectsOfGoneChildren() }
    if effect.isNone {
      tracker?.end()
      return (tracker, [])
    }
    let tracker = tracker ?? EffectTracker()
    defer { tracker.end() }
    var sends: [Action] = []
    start(
      effect, from: index, tracker: tracker, scope: .root, dependencies: environment.values,
      sends: &sends)
    return (
      tracker,
      sends.map { action in
        tracker.begin()
        return Queued(action: action, origin: .received(from: index), tracker: tracker)
      }
    )
  }

  /// Remakes `environment` from the dependencies as `updateDependencies` left them.
  @usableFromInline
  func refreshEnvironment() {
    // The version first: the values read after it are at least as new.
    let version = dependenciesVersion.load(ordering: .acquiring)
    environment = ReduceEnvironment(values: currentDependencies, container: container)
    environmentVersion = version
  }
}

extension StoreRuntime {
  /// What a send that reduces its action on the spot is told: the action processed and its
  /// number.
  @usableFromInline
  typealias ReportReduced = (ProcessedAction<State, Action>, UInt64) -> Void
}
