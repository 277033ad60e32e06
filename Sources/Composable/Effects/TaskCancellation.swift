extension Task where Success == Never, Failure == Never {
  /// Cancels what effect code of this store marked with `id` — effects made
  /// `.cancellable(id:)` and work run in `withTaskCancellation(id:)` — as `.cancel(id:)`
  /// returned from where the calling effect started would. Outside a store's effect it does
  /// nothing.
  public static func cancel(id: some Hashable & Sendable) {
    guard let context = EffectTaskContext.current else { return }
    context.effects.cancel(context.scope.key(for: EffectID(id)))
  }
}

/// Runs `operation` in a task cancellable by `id`, as an effect made `.cancellable(id:)` is:
/// `.cancel(id:)`, `Task.cancel(id:)` or a later `withTaskCancellation(id:cancelInFlight: true)`
/// of the same child cancel it. With `cancelInFlight`, first cancels what runs under `id`.
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await client.search(query)))
///   }
/// }
/// ```
///
/// The work can be cancelled by `id` once the effect reaches this call (an effect's work starts
/// in a task of its own, after the send that made it). Outside a store's effect it runs
/// `operation` as it is.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await registered(id: EffectID(id), cancelInFlight: cancelInFlight) {
    Task { try await operation() }
  }.get()
}

/// Runs `operation`, which does not throw, in a task cancellable by `id` (see
/// `withTaskCancellation(id:cancelInFlight:operation:)` for the one that throws).
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async -> T
) async -> T {
  await registered(id: EffectID(id), cancelInFlight: cancelInFlight) {
    Task { await operation() }
  }.get()
}

/// Starts the task `start` makes registered under `id` in the calling effect's store while it
/// runs, and returns its result; a cancellation of the caller reaches it.
private func registered<T: Sendable, Failure: Error>(
  id: EffectID, cancelInFlight: Bool, _ start: () -> Task<T, Failure>
) async -> Result<T, Failure> {
  guard let context = EffectTaskContext.current else { return await start().result }
  let keys = context.scope.keys(cancelling: id)
  if cancelInFlight { context.effects.cancel(context.scope.key(for: id)) }
  let task = start()
  let guest = context.effects.register(guest: { task.cancel() }, keys: keys)
  defer { context.effects.unregister(guest: guest, keys: keys) }
  return await withTaskCancellationHandler {
    await task.result
  } onCancel: {
    task.cancel()
  }
}
