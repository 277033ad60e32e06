import Synchronization

extension StoreRuntime {
  /// Starts `effect` in `scope` (the child it belongs to and the cancel ids around it): `.send`
  /// actions are collected in `sends`, to be queued; async work runs in tasks; effects that
  /// only send or cancel, concatenated, run at once and in order.
  @discardableResult
  @usableFromInline
  func start(
    _ effect: Effect<Action>, from index: UInt64, tracker: EffectTracker, scope: EffectScope,
    dependencies: DependencyValues, sends: inout [Action]
  ) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case let .send(action):
      sends.append(action)
      return []
    case let .run(work):
      return [
        startEffectTask(scope: scope, from: index, tracker: tracker, dependencies: dependencies) {
          [weak self] in
          await self?.run(work, from: index, tracker: tracker, dependencies: dependencies)
        }
      ]
    case let .merge(children):
      return children.flatMap {
        start(
          $0, from: index, tracker: tracker, scope: scope, dependencies: dependencies,
          sends: &sends)
      }
    case let .concatenate(children):
      // What only sends or cancels runs now; from the first async part on, a task runs the
      // rest one after another.
      guard let firstAsync = children.firstIndex(where: { !$0.isSynchronous }) else {
        for child in children {
          start(
            child, from: index, tracker: tracker, scope: scope, dependencies: dependencies,
            sends: &sends)
        }
        return []
      }
      for child in children[..<firstAsync] {
        start(
          child, from: index, tracker: tracker, scope: scope, dependencies: dependencies,
          sends: &sends)
      }
      let rest = Array(children[firstAsync...])
      return [
        startEffectTask(scope: scope, from: index, tracker: tracker, dependencies: dependencies) {
          [weak self] in
          for child in rest {
            guard let self, !Task.isCancelled else { return }
            await self.runInline(
              child, from: index, tracker: tracker, scope: scope, dependencies: dependencies)
          }
        }
      ]
    case let .cancellable(id, cancelInFlight, child):
      if cancelInFlight { effects.cancel(scope.key(for: id)) }
      return start(
        child, from: index, tracker: tracker, scope: scope.cancellable(by: id),
        dependencies: dependencies, sends: &sends)
    case let .cancel(id):
      effects.cancel(scope.key(for: id))
      return []
    case let .child(id, child):
      return start(
        child, from: index, tracker: tracker, scope: scope.child(id), dependencies: dependencies,
        sends: &sends)
    case let .cancelChild(id):
      effects.cancel(scope.child(id).key(for: nil))
      return []
    case let .throttle(throttle, child):
      let key = scope.key(for: throttle.id)
      let (chosen, wait) = throttles.withLock { $0.schedule(child, by: throttle, under: key) }
      var effect = chosen
      if let wait {
        // It runs at the interval's end, which then counts as its last run.
        let waited = Effect<Action>(
          .run { [weak self] _ in
            do { try await wait() } catch { return }
            self?.throttles.withLock { $0[key] = ThrottleSlot(last: throttle.now(), pending: nil) }
          })
        effect = .concatenate(waited, chosen)
      }
      return start(
        Effect(.cancellable(id: throttle.id, cancelInFlight: true, effect)), from: index,
        tracker: tracker, scope: scope, dependencies: dependencies, sends: &sends)
    }
  }

  /// Runs an effect's async work with a send that delivers to this store while the work runs,
  /// and reports a send used after it (one the work let escape), as TCA does.
  private func run(
    _ work: @Sendable (Send<Action>) async -> Void, from index: UInt64, tracker: EffectTracker,
    dependencies: DependencyValues
  ) async {
    let finished = EffectFinished()
    let send = Send<Action> { [weak self] action in
      guard !finished.flag.load(ordering: .acquiring) else {
        let warnings = dependencies.warnings
        warnings(
          """
          An effect sent \(warnings.text(of: action)) after it had finished; it was dropped. \
          Call `send` only while the effect's work runs: await the work that sends instead of \
          letting `send` escape into a task of its own.
          """)
        return
      }
      self?.receive(action, from: index, tracker: tracker)
    }
    await work(send)
    finished.flag.store(true, ordering: .releasing)
  }

  /// Starts a task running an effect's work with the store's dependencies, counted by a manual
  /// clock (if the store uses one) so the clock can tell when every effect is asleep on it.
  private func startEffectTask(
    scope: EffectScope, from index: UInt64, tracker: EffectTracker,
    dependencies: DependencyValues,
    _ work: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let manualClock = dependencies.overriddenValue(ClockKey.self) as? ManualClock
    manualClock?.effectStarted()
    let container = container
    let taskScope = EffectTaskScope(effects: effects, scope: scope)
    // The clock hears of the end once the task is no longer listed as running, so a host that
    // finds every effect asleep never lists one that is ending.
    return effects.startTask(
      keys: scope.keys, child: scope.path, startedBy: index, tracker: tracker,
      executor: dependencies.effectExecutor, ended: { manualClock?.effectEnded() }
    ) {
      await DependencyValues.withCurrent(dependencies) {
        await SharedContainer.$current.withValue(container) {
          await EffectTaskContext.$current.withValue(taskScope) {
            await work()
          }
        }
      }
    }
  }

  /// Runs `effect` to completion in the current task: a part of a concatenation. Merged or
  /// cancellable parts run in tasks of their own, awaited here.
  private func runInline(
    _ effect: Effect<Action>, from index: UInt64, tracker: EffectTracker, scope: EffectScope,
    dependencies: DependencyValues
  ) async {
    guard !Task.isCancelled else { return }
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      receive(action, from: index, tracker: tracker)
    case let .run(work):
      await run(work, from: index, tracker: tracker, dependencies: dependencies)
    case let .concatenate(children):
      for child in children {
        await runInline(
          child, from: index, tracker: tracker, scope: scope, dependencies: dependencies)
      }
    case .merge, .cancellable, .cancel, .child, .cancelChild, .throttle:
      var sends: [Action] = []
      let tasks = start(
        effect, from: index, tracker: tracker, scope: scope, dependencies: dependencies,
        sends: &sends)
      for action in sends { receive(action, from: index, tracker: tracker) }
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }
}

extension StoreRuntime {
  /// Ends the effects of children no longer in the state (another reducer than the one that
  /// runs them removed or replaced them). Runs after an action while such effects run.
  @usableFromInline
  func endEffectsOfGoneChildren() {
    guard let presence else { return }
    let state = self.state
    for path in effects.childPaths() {
      for depth in 1...path.count where presence.check(state, path[..<depth]) == false {
        effects.cancel(CancelKey(id: nil, path: Array(path[..<depth])))
        break
      }
    }
  }
}

/// Whether an effect's work has returned: its `send` is then a leftover.
private final class EffectFinished: Sendable {
  let flag = Atomic<Bool>(false)
}

/// Marks the tasks running an effect's work, so a manual clock can tell when all of them sleep
/// and effect code can cancel by id (`Task.cancel(id:)`).
enum EffectTaskContext {
  /// The store and the child of the effect whose task this is; nil outside an effect.
  @TaskLocal static var current: EffectTaskScope?
  /// Whether this task runs an effect's work.
  static var isRunningEffect: Bool { current != nil }
  /// The store's number of the effect task running (`RunningEffects`), 0 outside one.
  @TaskLocal static var taskID: UInt64 = 0
}

/// Where an effect's task runs: its store's running effects and the child it started in.
struct EffectTaskScope: Sendable {
  let effects: RunningEffects
  let scope: EffectScope
}
