import DexPlatform
import Synchronization

/// The engine of a root store: the state, the reduce, the observers. The queue of actions is in
/// `ActionQueue.swift`, the starting of effects in `EffectRunner.swift`, their cancellation in
/// `RunningEffects.swift`.
///
/// **The send path is cheap, keep it so** (dex-bench B1, W1 and W2 hold it within 2× of the
/// reducer called directly), by these four choices:
/// - *Specialized in the caller's module.* What every `send` runs (`send`, `enqueue`,
///   `processQueue`, `process`, `withEnvironment`) is `@inlinable` and what it touches is
///   `@usableFromInline`. Compiled here, that code is generic over `State` and `Action`, and
///   each use of a type built from them (the queued item, the queue's array, an optional)
///   looks its metadata up in the runtime's caches: about half of a send. Inlined into the
///   module that names the concrete state and action (the app, a test, a benchmark), it
///   is specialized and the look-ups are gone. The reducers (`Reduce`, `Scope`, `forEach`, …)
///   are `@inlinable` for the same reason, and `IdentifiedArray`'s routing methods too.
/// - *No queue when idle.* A send that finds nothing being processed claims the queue and
///   reduces at once; only a send that arrives while another is processed is queued.
/// - *No tracker without effects.* A tracker is made when an action starts an effect; the
///   others return a task sharing one finished tracker.
/// - *One thread-local for the environment.* The dependencies and the shared container are
///   installed on the thread for the reduce (`DependencyValues.withThreadCurrent`), with no
///   task-local read or push.
/// Keep these on whatever this becomes (a module of its own, another queue): a `-cross-module-
/// optimization` flag specializes the runtime too but not the reducers, and silently stops
/// when a function cannot be serialized; the annotations are explicit. Effects, rarer and slow
/// anyway, stay compiled here (`start`, `receive`).
@usableFromInline
final class StoreRuntime<State, Action: Sendable>: @unchecked Sendable {
  @usableFromInline let reduce: ReduceFunction<State, Action>
  /// Where the reducer's children are, to end the effects of those another reducer removed.
  let presence: ChildPresence<State>?
  @usableFromInline let currentState: LockedValue<State>
  #if DEX_TSAN
    @usableFromInline let queue = LockedValue(ActionQueue())
    @usableFromInline let dependencies: LockedValue<DependencyValues>
  #else
    /// The two locks every send takes (the queue twice) are Synchronization's `Mutex` held in
    /// the runtime itself, not `LockedValue`s behind a pointer each: dex-bench W1 and W2 measured
    /// that hop at about 30 ns a send. Their values are `Sendable`, as `Mutex` needs. Under
    /// ThreadSanitizer they are `LockedValue`s (see its comment).
    @usableFromInline let queue = Mutex(ActionQueue())
    @usableFromInline let dependencies: Mutex<DependencyValues>
  #endif
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
    self.currentState = LockedValue(initialState)
    self.reduce = reduce
    self.presence = presence
    #if DEX_TSAN
      self.dependencies = LockedValue(dependencies)
    #else
      self.dependencies = Mutex(dependencies)
    #endif
    self.container = container
  }

  var state: State { currentState.withLock { $0 } }

  func replaceState(_ state: State) {
    currentState.withLock { $0 = state }
  }

  func addObserver(_ observer: @escaping @Sendable (ProcessedAction<State, Action>) -> UInt64?) {
    observers.withLock { $0.append(observer) }
    hasObservers.store(true, ordering: .releasing)
  }

  func cancelAllEffects() {
    effects.cancelAll()
  }

  /// Sends `action`. In the usual case nothing is being processed: this thread claims the
  /// queue and reduces the action at once, without queueing it, and makes a tracker only if
  /// the action starts an effect (most do not; the others share one finished tracker).
  /// `report`, when given, is told about the action once it is reduced and numbered, before
  /// its effects start, if this thread reduces it (not when the send is queued).
  @inlinable
  func send(_ action: Action, report: ReportReduced? = nil) -> StoreTask {
    var index: UInt64 = 0
    let claimed = queue.withLock { queue -> Bool in
      // Not processing means nothing is queued either: the processor empties the queue
      // before it lets go.
      guard !queue.isProcessing else { return false }
      queue.isProcessing = true
      queue.lastIndex += 1
      index = queue.lastIndex
      return true
    }
    guard claimed else {
      let tracker = EffectTracker()
      enqueue(Queued(action: action, origin: .sent, tracker: tracker))
      return StoreTask(tracker: tracker)
    }
    let processed = process(action, origin: .sent, index: index, tracker: nil, report: report)
    processQueue(next: processed.sends)
    return StoreTask(tracker: processed.tracker ?? .finished)
  }

  /// Reduces one action, tells the observers and starts its effects. `tracker` counts the work
  /// of the send the action belongs to and ends the action's share; nil for an action reduced
  /// on the spot by `send`, whose tracker is made here only when the action starts an effect.
  /// Returns that tracker and the actions the `.send` effects sent, to be queued.
  /// The action's effects and the actions they send carry its number: `index`, or the number
  /// an observer gives it (`Store.number`).
  @inlinable
  func process(
    _ action: Action, origin: ActionOrigin, index: UInt64, tracker: EffectTracker?,
    report: ReportReduced? = nil
  ) -> (tracker: EffectTracker?, sends: [Queued]) {
    let dependencies = dependencies.withLock { $0 }
    let effect: Effect<Action>
    var index = index
    if report != nil || hasObservers.load(ordering: .acquiring) {
      let sharedBefore = container.snapshot()
      var before: State?
      var after: State?
      let tape = GenerationTape()
      effect = withEnvironment(dependencies) {
        tape.run {
          currentState.withLock { state in
            before = state
            defer { after = state }
            return reduce(&state, action)
          }
        }
      }
      if let before, let after {
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
      effect = withEnvironment(dependencies) {
        currentState.withLock { reduce(&$0, action) }
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
      effect, from: index, tracker: tracker, scope: .root, dependencies: dependencies,
      sends: &sends)
    return (
      tracker,
      sends.map { action in
        tracker.begin()
        return Queued(action: action, origin: .received(from: index), tracker: tracker)
      }
    )
  }
}

extension StoreRuntime {
  /// What a send that reduces its action on the spot is told: the action processed and its
  /// number.
  @usableFromInline
  typealias ReportReduced = (ProcessedAction<State, Action>, UInt64) -> Void

  /// Runs `body` with the store's dependencies and shared container.
  @inlinable
  func withEnvironment<Result>(
    _ dependencies: DependencyValues, _ body: () -> Result
  ) -> Result {
    // The reduce is synchronous and starts no task itself, so its dependencies and shared
    // container are installed on the thread (a task-local push allocates, a read is a look-up).
    DependencyValues.withThreadCurrent(dependencies, container: container, body)
  }
}
