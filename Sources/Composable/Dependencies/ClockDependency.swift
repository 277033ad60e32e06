extension DependencyValues {
  /// The clock effects sleep on: continuous when live; tests and scripts choose an immediate
  /// or a manual one.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}

enum ClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
}
