extension Store {
  /// Sends `action` like `send(_:report:)`, but when this thread reduces it, `reduce` reduces
  /// it instead of the store's own reduce function: the same reducers built another way (for
  /// tracing, `ReducerTracing.tracedReduceFunction(of:)`), so the state, the effects and the
  /// values dependencies make are those of a plain send, made once. The actions its effects
  /// send, and the action itself when the store queues it behind another's, are reduced by
  /// the store's own function (`report` is not told of a queued one).
  package func send(
    _ action: Action, reducingWith reduce: ReduceFunction<State, Action>?,
    report: @escaping (ProcessedAction<State, Action>, UInt64) -> Void
  ) -> StoreTask {
    if let runtime { return runtime.send(action, report: report, reducingWith: reduce) }
    return sendAction(action)
  }
}
