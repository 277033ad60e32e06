extension Effect {
  /// Runs this effect at most once per `interval` of `clock` for `id`: the first at once; one
  /// made while the interval since the last run has not passed waits for its end, replacing
  /// the one waiting (`latest: true`) or running the first that waited in its place
  /// (`latest: false`).
  ///
  /// ```swift
  /// case let .scrolled(offset):
  ///   return .send(.offsetChanged(offset))
  ///     .throttle(id: CancelID.scroll, for: .milliseconds(300), clock: clock, latest: true)
  /// ```
  ///
  /// The times are the store's own, kept by `id` for each child as its cancel ids are; the one
  /// waiting is cancelled by `.cancel(id:)` with the same `id`.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    if case .none = operation { return self }
    return Self(.throttle(EffectThrottle(id: EffectID(id), interval: interval, clock: clock, latest: latest), self))
  }
}

/// How `throttle` times an effect: its id, whether the latest effect wins, and its clock read
/// without its type (a time is the clock's `Instant`).
@usableFromInline
struct EffectThrottle: Sendable {
  let id: EffectID
  let latest: Bool
  /// The clock's time now.
  let now: @Sendable () -> any Sendable
  /// Nothing when `interval` has passed since `last` (a time `now` gave); else the wait until
  /// it has.
  let wait: @Sendable (_ last: any Sendable) -> (@Sendable () async throws -> Void)?

  init(id: EffectID, interval: Duration, clock: any Clock<Duration>, latest: Bool) {
    self.id = id
    self.latest = latest
    (now, wait) = Self.timing(interval, clock)
  }

  private static func timing<C: Clock<Duration>>(_ interval: Duration, _ clock: C) -> (
    @Sendable () -> any Sendable, @Sendable (any Sendable) -> (@Sendable () async throws -> Void)?
  ) {
    let now: @Sendable () -> any Sendable = { clock.now }
    let wait: @Sendable (any Sendable) -> (@Sendable () async throws -> Void)? = { last in
      guard let last = last as? C.Instant else { return nil }
      let end = last.advanced(by: interval)
      guard clock.now < end else { return nil }
      return { try await clock.sleep(until: end, tolerance: nil) }
    }
    return (now, wait)
  }
}

/// What a store remembers of one throttle (an id seen from one child): when its effect last
/// ran, and the effect waiting for the interval's end, kept for `latest: false`.
struct ThrottleSlot<Action> {
  var last: any Sendable
  var pending: Effect<Action>?
}

extension Dictionary {
  /// Decides for `effect`, throttled by `throttle` under `key`: the effect to run (this one,
  /// or the one that waited first) and what it waits for first (nothing: it runs now).
  mutating func schedule<Action>(
    _ effect: Effect<Action>, by throttle: EffectThrottle, under key: Key
  ) -> (effect: Effect<Action>, wait: (@Sendable () async throws -> Void)?)
  where Value == ThrottleSlot<Action> {
    guard let slot = self[key] else {
      self[key] = ThrottleSlot(last: throttle.now(), pending: nil)
      return (effect, nil)
    }
    let chosen = throttle.latest ? effect : (slot.pending ?? effect)
    if let wait = throttle.wait(slot.last) {
      self[key] = ThrottleSlot(last: slot.last, pending: chosen)
      return (chosen, wait)
    }
    self[key] = ThrottleSlot(last: throttle.now(), pending: nil)
    return (chosen, nil)
  }
}
