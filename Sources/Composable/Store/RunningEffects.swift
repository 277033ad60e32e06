import DexPlatform
import Synchronization

/// The running effect tasks of a store, by the cancel keys they were started under.
@usableFromInline
final class RunningEffects: Sendable {
  private struct Registry {
    var nextID: UInt64 = 0
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var byKey: [CancelKey: Set<UInt64>] = [:]
    /// The child each task of a child feature belongs to.
    var childOf: [UInt64: [NavigationID]] = [:]
    /// What each running task is, for a debugger's list.
    var started: [UInt64: (actionIndex: UInt64, keys: [CancelKey])] = [:]
    /// The tasks cancelled while running, oldest first, until a debugger takes them (at most
    /// `cancelledLimit`: when full, the older half goes), and their ids.
    var cancelled: [RunningEffect] = []
    var cancelledIDs: Set<UInt64> = []
    /// The tasks effect code runs under a cancel id (`withTaskCancellation(id:)`): how each is
    /// cancelled, and the keys they are registered under.
    var nextGuestID: UInt64 = 0
    var guests: [UInt64: @Sendable () -> Void] = [:]
    var guestsByKey: [CancelKey: Set<UInt64>] = [:]

    /// Notes that the running task `id` is being cancelled (once).
    mutating func noteCancelled(_ id: UInt64) {
      guard let start = started[id], cancelledIDs.insert(id).inserted else { return }
      if cancelled.count >= RunningEffects.cancelledLimit {
        let dropped = cancelled.prefix(cancelled.count / 2)
        cancelledIDs.subtract(dropped.map(\.id))
        cancelled.removeFirst(dropped.count)
      }
      cancelled.append(RunningEffect(id: id, start: start))
    }
  }

  static let cancelledLimit = 256

  private let registry = LockedValue(Registry())
  /// How many running tasks belong to a child feature: while none does, an action needs no
  /// look for children gone (one atomic load on the send path).
  @usableFromInline let childTaskCount = Atomic<Int>(0)

  @usableFromInline
  init() {}

  /// Whether a task of a child feature is running.
  @inlinable
  var hasChildTasks: Bool { childTaskCount.load(ordering: .relaxed) > 0 }

  /// The children (paths from the root feature) whose tasks are running.
  func childPaths() -> Set<[NavigationID]> {
    registry.withLock { Set($0.childOf.values) }
  }

  /// Starts `work` in a task registered under `keys` and counted by `tracker`, on `executor`
  /// when one is given; `ended` runs once the task is no longer registered.
  func startTask(
    keys: [CancelKey], child: [NavigationID], startedBy index: UInt64, tracker: EffectTracker,
    executor: (any TaskExecutor)?, ended: @escaping @Sendable () -> Void,
    _ work: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    tracker.begin()
    if !child.isEmpty { childTaskCount.add(1, ordering: .relaxed) }
    return registry.withLock { registry in
      registry.nextID += 1
      let taskID = registry.nextID
      let body: @Sendable () async -> Void = {
        await EffectTaskContext.$taskID.withValue(taskID) { await work() }
        self.finished(taskID, keys: keys)
        ended()
        tracker.untrack(id: taskID)
        tracker.end()
      }
      let task = executor.map { Task(executorPreference: $0, operation: body) } ?? Task(operation: body)
      registry.tasks[taskID] = task
      if !child.isEmpty { registry.childOf[taskID] = child }
      registry.started[taskID] = (index, keys)
      for key in keys { registry.byKey[key, default: []].insert(taskID) }
      tracker.track(task, id: taskID)
      return task
    }
  }

  /// Cancels the tasks started under `key`.
  func cancel(_ key: CancelKey) {
    let (tasks, guests) = registry.withLock { registry in
      let taskIDs = registry.byKey.removeValue(forKey: key) ?? []
      for id in taskIDs { registry.noteCancelled(id) }
      let guestIDs = registry.guestsByKey.removeValue(forKey: key) ?? []
      return (
        taskIDs.compactMap { registry.tasks[$0] }, guestIDs.compactMap { registry.guests[$0] }
      )
    }
    for task in tasks { task.cancel() }
    for cancel in guests { cancel() }
  }

  /// Registers a task effect code runs under `keys` (`withTaskCancellation(id:)`), cancelled
  /// by `cancel`, until `unregister(guest:keys:)`; returns its number.
  func register(guest cancel: @escaping @Sendable () -> Void, keys: [CancelKey]) -> UInt64 {
    registry.withLock { registry in
      registry.nextGuestID += 1
      let id = registry.nextGuestID
      registry.guests[id] = cancel
      for key in keys { registry.guestsByKey[key, default: []].insert(id) }
      return id
    }
  }

  /// Forgets the task `register(guest:keys:)` numbered `id`: it has ended.
  func unregister(guest id: UInt64, keys: [CancelKey]) {
    registry.withLock { registry in
      registry.guests[id] = nil
      for key in keys {
        registry.guestsByKey[key]?.remove(id)
        if registry.guestsByKey[key]?.isEmpty == true { registry.guestsByKey[key] = nil }
      }
    }
  }

  /// The running tasks, in the order they started.
  func running() -> [RunningEffect] {
    let started = registry.withLock { $0.started }
    return started.sorted { $0.key < $1.key }.map { RunningEffect(id: $0.key, start: $0.value) }
  }

  /// The tasks cancelled since the last call, in the order they were cancelled; each was
  /// running when cancelled (it may have ended since).
  func takeCancelled() -> [RunningEffect] {
    registry.withLock { registry in
      defer {
        registry.cancelled = []
        registry.cancelledIDs = []
      }
      return registry.cancelled
    }
  }

  /// Cancels the task `id` as a cancel id would (its registration goes when it ends), and
  /// returns it; nil when it is not running.
  func cancel(taskID id: UInt64) -> Task<Void, Never>? {
    let task = registry.withLock { registry in
      registry.noteCancelled(id)
      return registry.tasks[id]
    }
    task?.cancel()
    return task
  }

  func cancelAll() {
    let (tasks, guests) = registry.withLock { registry in
      registry.byKey = [:]
      registry.guestsByKey = [:]
      for id in registry.tasks.keys.sorted() { registry.noteCancelled(id) }
      return (Array(registry.tasks.values), Array(registry.guests.values))
    }
    for task in tasks { task.cancel() }
    for cancel in guests { cancel() }
  }

  private func finished(_ taskID: UInt64, keys: [CancelKey]) {
    registry.withLock { registry in
      registry.tasks[taskID] = nil
      registry.started[taskID] = nil
      if registry.childOf.removeValue(forKey: taskID) != nil {
        childTaskCount.subtract(1, ordering: .relaxed)
      }
      for key in keys {
        registry.byKey[key]?.remove(taskID)
        if registry.byKey[key]?.isEmpty == true { registry.byKey[key] = nil }
      }
    }
  }
}

/// What an effect's tasks are cancelled by: a cancel id as seen from one child (`path`), or,
/// with no id, the child at the end of `path` going away.
@usableFromInline
struct CancelKey: Hashable, Sendable {
  @usableFromInline let id: EffectID?
  @usableFromInline let path: [NavigationID]

  @inlinable
  init(id: EffectID?, path: [NavigationID]) {
    self.id = id
    self.path = path
  }
}

/// Where an effect starts: the child it belongs to (the path of `NavigationID`s from the root
/// feature), and the keys its tasks are registered under.
///
/// As in TCA, a cancel id is the child's own: `.cancel(id:)` and `cancelInFlight` reach the
/// effects marked with that id by the same child or its descendants, never by a parent, a
/// sibling or another row.
@usableFromInline
struct EffectScope: Sendable {
  @usableFromInline let path: [NavigationID]
  @usableFromInline let keys: [CancelKey]

  @inlinable
  init(path: [NavigationID], keys: [CancelKey]) {
    self.path = path
    self.keys = keys
  }

  /// The root feature's scope.
  @inlinable
  static var root: Self { Self(path: [], keys: []) }

  /// The key that cancels `id` from this scope (nil: this scope's child going away).
  func key(for id: EffectID?) -> CancelKey {
    CancelKey(id: id, path: path)
  }

  /// The scope of the child `id` within this one: its tasks also end when it goes away.
  func child(_ id: NavigationID) -> Self {
    let path = path + [id]
    return Self(path: path, keys: keys + [CancelKey(id: nil, path: path)])
  }

  /// This scope with its tasks cancellable by `id` from here and from every ancestor.
  func cancellable(by id: EffectID) -> Self {
    Self(path: path, keys: keys + keys(cancelling: id))
  }

  /// The keys that cancel what is marked with `id` here: from here and from every ancestor.
  func keys(cancelling id: EffectID) -> [CancelKey] {
    (0...path.count).map { CancelKey(id: id, path: Array(path.prefix($0))) }
  }
}

/// An effect task a store runs, as a debugger lists it.
package struct RunningEffect: Sendable, Equatable {
  /// The store's number for it, counting up from 1 per store.
  package let id: UInt64
  /// The number of the action whose effect started it (`ActionOrigin.received(from:)`).
  package let actionIndex: UInt64
  /// The cancel ids it can be cancelled by (`.cancellable(id:)`), as they print.
  package let cancelIDs: [String]

  init(id: UInt64, start: (actionIndex: UInt64, keys: [CancelKey])) {
    var cancelIDs: [String] = []
    for cancelID in start.keys.compactMap(\.id) where !cancelIDs.contains(cancelID.text) {
      cancelIDs.append(cancelID.text)
    }
    self.id = id
    self.actionIndex = start.actionIndex
    self.cancelIDs = cancelIDs
  }
}
