import DexPlatform

/// Work a reducer asks the store to do after it changed the state: send an action, run async
/// work that sends actions back, or cancel such work.
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(@Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectID)
    /// The effects of the child feature `NavigationID` names: its cancel ids are its own, and
    /// they end when the child goes away.
    case child(NavigationID, Effect)
    /// Ends the effects of the child `NavigationID` names (it went away or changed identity).
    case cancelChild(NavigationID)
    /// Runs the effect at once or at the end of the throttle's interval (see `throttle`).
    case throttle(EffectThrottle, Effect)
  }

  @usableFromInline let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Sends `action` once the current one is processed, after the actions already queued.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` asynchronously; the actions it sends are processed by the store, in order.
  ///
  /// The dependencies in force where the effect is made (a reducer's `withDependencies`, a
  /// child's overrides) stay in force inside it. An error it throws goes to `handler`; without
  /// one, it is reported as a warning.
  public static func run(
    _ operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let captured = DependencyValues.installed
    let body: @Sendable (Send<Action>) async -> Void = { send in
      do {
        try await operation(send)
      } catch is CancellationError {
      } catch {
        guard let handler else {
          @Dependency(\.warnings) var warnings
          warnings(
            """
            An effect made at \(fileID):\(line) threw \(warnings.text(of: error)), which nothing \
            handled. Catch it in the effect, or pass `catch:` to `.run` to send an action for it.
            """)
          return
        }
        await handler(error, send)
      }
    }
    guard let captured else { return Self(.run(body)) }
    return Self(
      .run { send in
        await DependencyValues.withCurrent(DependencyValues.current.merging(captured)) {
          await body(send)
        }
      })
  }

  /// Runs the effects at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the effects at the same time.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// Runs the effects one after another, each once the previous one has finished (effects that
  /// only send or cancel finish at once: they run before the send that started them returns).
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the effects one after another, each once the previous one has finished.
  public static func concatenate(_ effects: [Self]) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// Whether this effect does nothing.
  @inlinable
  var isNone: Bool {
    if case .none = operation { true } else { false }
  }

  /// This effect merged with another.
  @inlinable
  public func merge(with other: Self) -> Self {
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return .merge(self, other)
  }

  /// Marks this effect cancellable by `id`; with `cancelInFlight`, first cancels any effect
  /// already running under that id (the way a search cancels the previous one).
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect marked with `id`.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }

  /// Waits `duration` on `clock`, then runs this effect; a newer debounced effect with the same
  /// `id` cancels this one while it waits.
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self {
    if case .none = operation { return self }
    let effect = self
    return Self(
      .concatenate([
        .run { _ in try? await clock.sleep(for: duration) },
        effect,
      ])
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// The same work, its actions transformed by `transform` (used to embed a child's effects in
  /// its parent's domain).
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    if case .none = operation { return .none }
    return map(transform, around: nil)
  }

  /// The same work with its actions transformed, each async part run inside `around` (which
  /// receives the new domain's send and the work to run), e.g. to set a dependency for it.
  @usableFromInline
  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    around: (@Sendable (Send<NewAction>, @Sendable () async -> Void) async -> Void)?
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(work):
      guard let around else {
        return Effect<NewAction>(.run { send in await work(send.map(transform)) })
      }
      return Effect<NewAction>(.run { send in await around(send) { await work(send.map(transform)) } })
    case let .merge(effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform, around: around) }))
    case let .concatenate(effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform, around: around) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<NewAction>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform, around: around)))
    case let .cancel(id):
      return Effect<NewAction>(.cancel(id: id))
    case let .child(id, effect):
      return Effect<NewAction>(.child(id, effect.map(transform, around: around)))
    case let .cancelChild(id):
      return Effect<NewAction>(.cancelChild(id))
    case let .throttle(throttle, effect):
      return Effect<NewAction>(.throttle(throttle, effect.map(transform, around: around)))
    }
  }

  /// This effect as the effects of the child `id` names (see `NavigationID`).
  @inlinable
  func child(_ id: NavigationID) -> Self {
    if case .none = operation { return self }
    return Self(.child(id, self))
  }

  /// Ends the effects of the child `id` names.
  @inlinable
  static func cancelChild(_ id: NavigationID) -> Self {
    Self(.cancelChild(id))
  }

  /// Whether the effect only sends and cancels: it is done once started, with no task.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelChild: true
    case .run, .throttle: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect), let .child(_, effect): effect.isSynchronous
    }
  }
}

extension Effect: @unchecked Sendable where Action: Sendable {}

/// The type-erased identifier of cancellable effects.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // Only built from `Hashable & Sendable` values, so the erased value is Sendable.
  @usableFromInline let base: AnyHashable

  @inlinable
  init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }

  /// How the id reads in a debugger: `TodoListFeature.CancelID.save` for a case, the value
  /// itself otherwise.
  var text: String {
    let value = base.base
    guard Mirror(reflecting: value).displayStyle == .enum else { return "\(value)" }
    return "\(TypeName.of(type(of: value))).\(value)"
  }
}
