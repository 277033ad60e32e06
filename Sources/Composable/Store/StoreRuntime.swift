import DexPlatform
import Synchronization

/// The engine of a root store: the queue of actions, the state, the running effects.
///
/// **The send path is cheap, keep it so** (dex-bench B1, W1 and W2 hold it within 2× of the
/// reducer called directly; on the peers' light shape it was 3.6–3.8×):
/// - *Specialized in the caller's module.* What every `send` runs (`send`, `enqueue`,
///   `processQueue`, `process`, `withEnvironment`) is `@inlinable` and what it touches is
///   `@usableFromInline`. Compiled here, that code is generic over `State` and `Action`, and
///   each use of a type built from them (the queued item, the queue's array, an optional)
///   looks its metadata up in the runtime's caches: about half of a send. Inlined into the
///   module that names the concrete state and action (the app's REPL, a test, dex-bench), it
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
  @usableFromInline
  struct Queued: Sendable {
    @usableFromInline let action: Action
    @usableFromInline let origin: ActionOrigin
    @usableFromInline let tracker: EffectTracker

    @inlinable
    init(action: Action, origin: ActionOrigin, tracker: EffectTracker) {
      self.action = action
      self.origin = origin
      self.tracker = tracker
    }
  }

  @usableFromInline
  struct Queue: Sendable {
    @usableFromInline var items: [Queued] = []
    @usableFromInline var head = 0
    @usableFromInline var isProcessing = false
    @usableFromInline var lastIndex: UInt64 = 0

    @inlinable
    init() {}

    @inlinable
    mutating func pop() -> Queued? {
      guard head < items.count else {
        items.removeAll(keepingCapacity: true)
        head = 0
        return nil
      }
      defer {
        head += 1
        if head > 1024, head * 2 > items.count {
          items.removeFirst(head)
          head = 0
        }
      }
      return items[head]
    }
  }

  @usableFromInline let reduce: ReduceFunction<State, Action>
  @usableFromInline let currentState: Guarded<State>
  @usableFromInline let queue = Mutex(Queue())
  @usableFromInline let observers = Mutex<[@Sendable (ProcessedAction<State, Action>) -> Void]>([])
  @usableFromInline let hasObservers = Atomic<Bool>(false)
  @usableFromInline let dependencies: Mutex<DependencyValues>
  fileprivate let effects = RunningEffects()

  /// The shared values the store's state refers to.
  @usableFromInline let container: SharedContainer

  init(
    initialState: State, reduce: @escaping ReduceFunction<State, Action>,
    dependencies: DependencyValues, container: SharedContainer
  ) {
    self.currentState = Guarded(initialState)
    self.reduce = reduce
    self.dependencies = Mutex(dependencies)
    self.container = container
  }

  var state: State { currentState.withLock { $0 } }

  func replaceState(_ state: State) {
    currentState.withLock { $0 = state }
  }

  func addObserver(_ observer: @escaping @Sendable (ProcessedAction<State, Action>) -> Void) {
    observers.withLock { $0.append(observer) }
    hasObservers.store(true, ordering: .releasing)
  }

  func cancelAllEffects() {
    effects.cancelAll()
  }

  /// Sends `action`. In the usual case nothing is being processed: this thread claims the
  /// queue and reduces the action at once, without queueing it, and makes a tracker only if
  /// the action starts an effect (most do not; the others share one finished tracker).
  @inlinable
  func send(_ action: Action) -> StoreTask {
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
    let processed = process(action, origin: .sent, index: index, tracker: nil)
    processQueue(next: processed.sends)
    return StoreTask(tracker: processed.tracker ?? .finished)
  }

  /// An action sent by an effect of the action numbered `index`.
  @usableFromInline
  func receive(_ action: Action, from index: UInt64, tracker: EffectTracker) {
    tracker.begin()
    enqueue(Queued(action: action, origin: .received(from: index), tracker: tracker))
  }

  @inlinable
  func enqueue(_ item: Queued) {
    let shouldProcess = queue.withLock { queue -> Bool in
      queue.items.append(item)
      if queue.isProcessing { return false }
      queue.isProcessing = true
      return true
    }
    if shouldProcess { processQueue(next: []) }
  }

  /// Processes `next` (actions `.send` effects asked to process right away), then queued
  /// actions until none is left, then lets go of the queue. Only one thread runs this at a
  /// time: the one that claimed the queue.
  @inlinable
  func processQueue(next: [Queued]) {
    var immediate = next
    while true {
      var index: UInt64 = 0
      let next: Queued
      if !immediate.isEmpty {
        next = immediate.removeFirst()
        queue.withLock { queue in
          queue.lastIndex += 1
          index = queue.lastIndex
        }
      } else {
        guard
          let popped = queue.withLock({ queue -> Queued? in
            guard let item = queue.pop() else {
              queue.isProcessing = false
              return nil
            }
            queue.lastIndex += 1
            index = queue.lastIndex
            return item
          })
        else { return }
        next = popped
      }
      let sends = process(next.action, origin: next.origin, index: index, tracker: next.tracker)
        .sends
      if !sends.isEmpty { immediate.insert(contentsOf: sends, at: 0) }
    }
  }

  /// Reduces one action, tells the observers and starts its effects. `tracker` counts the work
  /// of the send the action belongs to and ends the action's share; nil for an action reduced
  /// on the spot by `send`, whose tracker is made here only when the action starts an effect.
  /// Returns that tracker and the actions the `.send` effects ask to process next.
  @inlinable
  func process(
    _ action: Action, origin: ActionOrigin, index: UInt64, tracker: EffectTracker?
  ) -> (tracker: EffectTracker?, sends: [Queued]) {
    let dependencies = dependencies.withLock { $0 }
    let effect: Effect<Action>
    if hasObservers.load(ordering: .acquiring) {
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
          generated: tape.values)
        for observer in observers.withLock({ $0 }) { observer(processed) }
      }
    } else {
      effect = withEnvironment(dependencies) {
        currentState.withLock { reduce(&$0, action) }
      }
    }
    if effect.isNone {
      tracker?.end()
      return (tracker, [])
    }
    let tracker = tracker ?? EffectTracker()
    defer { tracker.end() }
    var sends: [Action] = []
    start(
      effect, from: index, tracker: tracker, ids: [], dependencies: dependencies, sends: &sends)
    return (
      tracker,
      sends.map { action in
        tracker.begin()
        return Queued(action: action, origin: .received(from: index), tracker: tracker)
      }
    )
  }

  /// Starts `effect`: `.send` actions are collected in `sends`, async work runs in tasks.
  @discardableResult
  @usableFromInline
  func start(
    _ effect: Effect<Action>, from index: UInt64, tracker: EffectTracker, ids: [EffectID],
    dependencies: DependencyValues, sends: inout [Action]
  ) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case let .send(action):
      sends.append(action)
      return []
    case let .run(work):
      let send = self.send(from: index, tracker: tracker)
      return [
        startEffectTask(ids: ids, tracker: tracker, dependencies: dependencies) {
          await work(send)
        }
      ]
    case let .merge(children):
      return children.flatMap {
        start($0, from: index, tracker: tracker, ids: ids, dependencies: dependencies, sends: &sends)
      }
    case .concatenate:
      return [
        startEffectTask(ids: ids, tracker: tracker, dependencies: dependencies) { [weak self] in
          await self?.runInline(effect, from: index, tracker: tracker, dependencies: dependencies)
        }
      ]
    case let .cancellable(id, cancelInFlight, child):
      if cancelInFlight { effects.cancel(id: id) }
      return start(
        child, from: index, tracker: tracker, ids: ids + [id], dependencies: dependencies,
        sends: &sends)
    case let .cancel(id):
      effects.cancel(id: id)
      return []
    }
  }
}

extension StoreRuntime {
  /// Runs `body` with the store's dependencies and shared container.
  @inlinable
  func withEnvironment<Result>(
    _ dependencies: DependencyValues, _ body: () -> Result
  ) -> Result {
    // The reduce is synchronous and starts no task itself, so its dependencies and shared
    // container are installed on the thread (a task-local push allocates, a read is a look-up).
    DependencyValues.withThreadCurrent(dependencies, container: container, body)
  }

  private func send(from index: UInt64, tracker: EffectTracker) -> Send<Action> {
    Send<Action> { [weak self] action in
      self?.receive(action, from: index, tracker: tracker)
    }
  }

  /// Starts a task running an effect's work with the store's dependencies, counted by a manual
  /// clock (if the store uses one) so the clock can tell when every effect is asleep on it.
  private func startEffectTask(
    ids: [EffectID], tracker: EffectTracker, dependencies: DependencyValues,
    _ work: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let manualClock = dependencies.overriddenValue(ClockKey.self) as? ManualClock
    manualClock?.effectStarted()
    let container = container
    return effects.startTask(
      ids: ids, tracker: tracker, executor: dependencies.effectExecutor
    ) {
      await DependencyValues.withCurrent(dependencies) {
        await SharedContainer.$current.withValue(container) {
          await EffectTaskContext.$isRunningEffect.withValue(true) {
            await work()
          }
        }
      }
      manualClock?.effectEnded()
    }
  }

  /// Runs `effect` to completion in the current task: the parts of a concatenation, one after
  /// another. Merged or cancellable parts run in tasks of their own, awaited here.
  private func runInline(
    _ effect: Effect<Action>, from index: UInt64, tracker: EffectTracker,
    dependencies: DependencyValues
  ) async {
    guard !Task.isCancelled else { return }
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      receive(action, from: index, tracker: tracker)
    case let .run(work):
      await work(send(from: index, tracker: tracker))
    case let .concatenate(children):
      for child in children {
        await runInline(child, from: index, tracker: tracker, dependencies: dependencies)
      }
    case .merge, .cancellable, .cancel:
      var sends: [Action] = []
      let tasks = start(
        effect, from: index, tracker: tracker, ids: [], dependencies: dependencies, sends: &sends)
      for action in sends { receive(action, from: index, tracker: tracker) }
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }
}

/// The running effect tasks of a store, by cancellation id.
final class RunningEffects: Sendable {
  private struct Registry {
    var nextID: UInt64 = 0
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var byCancelID: [EffectID: Set<UInt64>] = [:]
  }

  private let registry = Mutex(Registry())

  /// Starts `work` in a task registered under `ids` and counted by `tracker`, on `executor`
  /// when one is given.
  func startTask(
    ids: [EffectID], tracker: EffectTracker, executor: (any TaskExecutor)?,
    _ work: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    tracker.begin()
    return registry.withLock { registry in
      registry.nextID += 1
      let taskID = registry.nextID
      let body: @Sendable () async -> Void = {
        await work()
        self.finished(taskID, ids: ids)
        tracker.untrack(id: taskID)
        tracker.end()
      }
      let task = executor.map { Task(executorPreference: $0, operation: body) } ?? Task(operation: body)
      registry.tasks[taskID] = task
      for id in ids { registry.byCancelID[id, default: []].insert(taskID) }
      tracker.track(task, id: taskID)
      return task
    }
  }

  func cancel(id: EffectID) {
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      let taskIDs = registry.byCancelID.removeValue(forKey: id) ?? []
      return taskIDs.compactMap { registry.tasks[$0] }
    }
    for task in tasks { task.cancel() }
  }

  func cancelAll() {
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      registry.byCancelID = [:]
      return Array(registry.tasks.values)
    }
    for task in tasks { task.cancel() }
  }

  private func finished(_ taskID: UInt64, ids: [EffectID]) {
    registry.withLock { registry in
      registry.tasks[taskID] = nil
      for id in ids {
        registry.byCancelID[id]?.remove(taskID)
        if registry.byCancelID[id]?.isEmpty == true { registry.byCancelID[id] = nil }
      }
    }
  }
}

/// Marks the tasks running an effect's work, so a manual clock can tell when all of them sleep.
enum EffectTaskContext {
  @TaskLocal static var isRunningEffect = false
}
