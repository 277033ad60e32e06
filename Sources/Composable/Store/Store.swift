import Synchronization
import DexPlatform

/// Runs a reducer: holds the state, processes actions one at a time, and runs their effects.
///
/// The store is not bound to a thread. Actions sent while another is being processed (by an
/// effect, or by the reducer's own `.send`) are queued and processed next, in order.
public final class Store<State, Action: Sendable>: @unchecked Sendable {
  private let readState: @Sendable () -> State
  @usableFromInline let sendAction: @Sendable (Action) -> StoreTask
  /// The engine of a root store; nil for a scoped store, which sends through its parent.
  @usableFromInline let runtime: StoreRuntime<State, Action>?

  /// A store running `reducer` from `initialState`, with the dependencies `prepare` sets.
  ///
  /// The dependencies bind early, as in TCA: the initial state and the reducer are made with
  /// them, so a `@Dependency(\.date)` read by `State.init()` sees the date `prepare` sets.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: @autoclosure () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let dependencies = DependencyValues.current.setting {
      // Each store counts its stack elements' ids on its own, from 0.
      $0.stackElementID = .incrementing
      prepare(&$0)
    }
    let container = SharedContainer.resolved
    let runtime = DependencyValues.withCurrent(dependencies) {
      let reducer = reducer()
      return StoreRuntime(
        initialState: initialState(), reduce: reducer.makeReduceFunction(),
        presence: reducer.makeChildPresence(), dependencies: dependencies,
        container: container)
    }
    self.runtime = runtime
    self.readState = { runtime.state }
    self.sendAction = { runtime.send($0) }
  }

  /// A store running the reducer built by `reducer`: `Store(initialState: .init()) { AppFeature() }`.
  /// The initial state and the builder run with the dependencies `prepare` sets.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    self.init(initialState: initialState(), reducer: reducer(), withDependencies: prepare)
  }

  private init(
    readState: @escaping @Sendable () -> State, sendAction: @escaping @Sendable (Action) -> StoreTask
  ) {
    self.readState = readState
    self.sendAction = sendAction
    self.runtime = nil
  }

  /// The current state.
  public var state: State { readState() }

  /// Sends `action`; the returned task covers the effects it starts.
  ///
  /// Inlinable, so that a root store's send runs the runtime's path specialized for this
  /// store's state and action (see `StoreRuntime`).
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let runtime { return runtime.send(action) }
    return sendAction(action)
  }

  /// A store of a child feature whose state is at `toState` and whose actions are the case at
  /// `toAction` (`store.scope(state: \.counter, action: \.counter)`).
  public func scope<ChildState, ChildAction>(
    state toState: KeyPath<State, ChildState> & Sendable,
    action toAction: KeyPath<Action.Cases, Case<Action, ChildAction>> & Sendable
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let embed = Action.cases[keyPath: toAction].embed
    let readState = readState
    let sendAction = sendAction
    return Store<ChildState, ChildAction>(
      readState: { readState()[keyPath: toState] },
      sendAction: { sendAction(embed($0)) })
  }

  /// One store per element of an identified collection, each identified by its element's id
  /// and sending its actions as `.element(id:action:)` (seed 003's row stores).
  public func scope<ElementState: Identifiable & Sendable, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArrayOf<ElementState>> & Sendable,
    action toAction: KeyPath<
      Action.Cases, Case<Action, IdentifiedAction<ElementState.ID, ElementAction>>
    > & Sendable
  ) -> [Store<ElementState, ElementAction>] where Action: CasePathable, ElementState.ID: Sendable {
    let embed = Action.cases[keyPath: toAction].embed
    let readState = readState
    let sendAction = sendAction
    return readState()[keyPath: toElements].map { element in
      let id = element.id
      let last = LockedValue(element)
      return Store<ElementState, ElementAction>(
        readState: {
          // A removed element keeps showing its last state.
          if let current = readState()[keyPath: toElements][id: id] {
            last.withLock { $0 = current }
            return current
          }
          return last.withLock { $0 }
        },
        sendAction: { sendAction(embed(.element(id: id, action: $0))) })
    }
  }
}

extension Store: Identifiable where State: Identifiable {
  /// The id of the element this store was scoped to.
  public var id: State.ID { state.id }
}

extension Store {
  /// Calls `observer` after every processed action, on the thread that processed it, in order.
  /// Only the root store (the one created with a reducer) has observers.
  public func observe(_ observer: @escaping @Sendable (ProcessedAction<State, Action>) -> Void) {
    guard let runtime else {
      reportIssue("observe(_:) is for the root store; call it on the store created with a reducer.")
      return
    }
    runtime.addObserver { observer($0); return nil }
  }

  /// Gives each processed action the number `numbering` returns (called after the observers):
  /// its effects are started by that number and the actions they send are received from it.
  /// Without it, actions are numbered in the order the store processes them, from 1. Only the
  /// root store numbers actions.
  package func number(_ numbering: @escaping @Sendable (ProcessedAction<State, Action>) -> UInt64) {
    runtime?.addObserver(numbering)
  }

  /// Sends `action` like `send(_:)`; when this thread reduces it (the store is not busy with
  /// another action on another thread), `report` is told the action processed and its number
  /// before its effects start.
  package func send(
    _ action: Action, report: @escaping (ProcessedAction<State, Action>, UInt64) -> Void
  ) -> StoreTask {
    send(action, reducingWith: nil, report: report)
  }

  /// Replaces the state (time travel) after cancelling every running effect, and puts back
  /// the shared values of `shared` (persisted ones are written through).
  public func replaceState(_ state: State, shared: SharedSnapshot? = nil) {
    guard let runtime else {
      reportIssue("replaceState(_:shared:) is for the root store.")
      return
    }
    runtime.cancelAllEffects()
    if let shared { runtime.container.restore(shared) }
    runtime.replaceState(state)
  }

  /// The current values of every shared key the store's state can refer to.
  public var sharedSnapshot: SharedSnapshot {
    runtime?.container.snapshot() ?? SharedContainer.resolved.snapshot()
  }

  /// The container of the shared values the store's state refers to.
  public var sharedContainer: SharedContainer {
    runtime?.container ?? SharedContainer.resolved
  }

  /// The effect tasks running now, in the order they started.
  package var runningEffects: [RunningEffect] {
    runtime?.effects.running() ?? []
  }

  /// The effect tasks cancelled since the last call (by a cancel id, a child going away, a
  /// state replaced or `cancelEffect`), in the order they were cancelled.
  package func takeCancelledEffects() -> [RunningEffect] {
    runtime?.effects.takeCancelled() ?? []
  }

  /// Cancels the running effect task `id` (`RunningEffect.id`) as its cancel id would, and
  /// returns the task (to await its end); nil when it is not running.
  package func cancelEffect(_ id: UInt64) -> Task<Void, Never>? {
    runtime?.effects.cancel(taskID: id)
  }

  /// Cancels every running effect of the store.
  public func cancelAllEffects() {
    runtime?.cancelAllEffects()
  }

  /// The dependencies the store's reducer and effects use.
  public var dependencies: DependencyValues {
    runtime?.currentDependencies ?? DependencyValues.current
  }

  /// Changes the dependencies for the actions processed from now on (a debugger overriding one).
  public func updateDependencies(_ update: (inout DependencyValues) -> Void) {
    runtime?.updateDependencies(update)
  }
}

/// What a store's observer is told about each processed action.
public struct ProcessedAction<State, Action> {
  /// The action's number in the order the store processes actions, from 1 (a store that
  /// numbers actions otherwise, `Store.number`, gives its effects that number instead).
  public let index: UInt64
  /// The action.
  public let action: Action
  /// Who sent it.
  public let origin: ActionOrigin
  /// The state before the action.
  public let stateBefore: State
  /// The state after the action.
  public let stateAfter: State
  /// The shared values before the action (a `Shared` in `stateBefore` is a reference and
  /// shows the live value; read it through `SharedReadMode` with this snapshot).
  public let sharedBefore: SharedSnapshot
  /// The shared values after the action.
  public let sharedAfter: SharedSnapshot
  /// The values dependencies made for the reducer while it processed the action (new UUIDs,
  /// dates), in order: replaying the action with them (`GenerationTape`) repeats it exactly.
  public let generated: [GeneratedValue]
  /// Whether the send that sent the action reports it itself (`Store.send(_:report:)`).
  public let isReportedBySender: Bool

  @inlinable
  init(
    index: UInt64, action: Action, origin: ActionOrigin, stateBefore: State, stateAfter: State,
    sharedBefore: SharedSnapshot, sharedAfter: SharedSnapshot, generated: [GeneratedValue],
    isReportedBySender: Bool
  ) {
    self.index = index
    self.action = action
    self.origin = origin
    self.stateBefore = stateBefore
    self.stateAfter = stateAfter
    self.sharedBefore = sharedBefore
    self.sharedAfter = sharedAfter
    self.generated = generated
    self.isReportedBySender = isReportedBySender
  }
}

/// Who sent an action: the user, or an effect of an earlier action.
public enum ActionOrigin: Equatable, Hashable, Sendable {
  /// Sent through `Store.send`.
  case sent
  /// Sent by an effect of the action with this number (`ProcessedAction.index`, or the number
  /// `Store.number` gave it).
  case received(from: UInt64)
}
