/// The values of every dependency, read by `@Dependency` and overridden by `withDependencies`.
public struct DependencyValues: Sendable {
  /// Where the values are used: live, in a preview, or in a test.
  public enum Context: Sendable, Equatable {
    case live, preview, test
  }

  @TaskLocal private static var taskCurrent = DependencyValues()

  /// The values in effect: those a store installed on this thread while it reduces (cheap,
  /// synchronous), else the task's.
  package static var current: DependencyValues {
    ThreadEnvironment.current?.dependencies ?? taskCurrent
  }

  /// The values a store installed on this thread for the reduce running on it (with the
  /// reducer's own overrides); nil outside a reduce. An effect made in the reduce keeps them.
  package static var installed: DependencyValues? {
    ThreadEnvironment.current?.dependencies
  }

  /// These values with `other`'s overrides on top (`other`'s context wins).
  package func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.context = other.context
    merged.overrides.merge(other.overrides) { _, new in new }
    return merged
  }

  /// Runs `body` with `values` in effect for the current task (and the tasks it starts).
  package static func withCurrent<Result>(
    _ values: DependencyValues, _ body: () throws -> Result
  ) rethrows -> Result {
    if let installed = ThreadEnvironment.current {
      let previous = installed.values
      installed.values = values
      defer { installed.values = previous }
      return try body()
    }
    return try $taskCurrent.withValue(values, operation: body)
  }

  /// Runs async `body` with `values` in effect for the task and the tasks it starts.
  package static func withCurrent<Result>(
    _ values: DependencyValues, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskCurrent.withValue(values, operation: body)
  }

  /// Runs synchronous `body` with `environment` (a store's values and shared container)
  /// installed on this thread only: for a store's reduce, which starts no task of its own (its
  /// effects install their values themselves). The caller keeps `environment` alive.
  @usableFromInline
  static func withThreadCurrent<Result>(
    _ environment: ReduceEnvironment, _ body: () throws -> Result
  ) rethrows -> Result {
    // One thread-local look-up, and no retain: this runs on every action a store reduces.
    let installed = ThreadEnvironment.install()
    let outer = installed.reduce
    // Values set inside an outer reduce (a reducer sending to another store) are not this
    // store's: they are put aside for the inner reduce.
    let outerValues = installed.values
    if outerValues != nil { installed.values = nil }
    installed.reduce = environment
    installed.reduceDepth += 1
    defer {
      installed.reduce = outer
      if outerValues != nil { installed.values = outerValues }
      installed.reduceDepth -= 1
      // The outermost reduce runs what waits for its end (see `ThreadEnvironment.afterReduce`).
      if installed.reduceDepth == 0, !installed.afterReduce.isEmpty {
        let work = installed.afterReduce
        installed.afterReduce = []
        for run in work { run() }
      }
    }
    return try body()
  }

  /// The context, which selects each key's live, preview or test value.
  public var context: Context
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  /// Values for `context`, with nothing overridden.
  public init(context: Context = .live) {
    self.context = context
  }

  /// The value for `key`: its override, else the context's default (built as
  /// `DependencyBuilding` says). In a test, a key without a test value reports an issue naming
  /// the dependency (`name` is the accessor's name).
  public subscript<Key: DependencyKey>(
    key: Key.Type, name: String = #function
  ) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
      return DependencyBuilding.value(of: key, in: context) { defaultValue(of: key, name: name) }
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// The value of `key` in the context when nothing overrides it.
  private func defaultValue<Key: DependencyKey>(of key: Key.Type, name: String) -> Key.Value {
    switch context {
    case .live:
      return Key.liveValue
    case .preview:
      return Key.previewValue
    case .test:
      if let value = Key.testValue { return value }
      // Changing part of a value (`$0.client.fetch = { 1 }`, or a key path write, which reads
      // before it writes) is not a use of its default.
      if ThreadEnvironment.isSettingDependencies { return Key.previewValue }
      reportIssue(
        """
        @Dependency(\\.\(name)) has no test value and was not overridden. \
        Override it: withDependencies: { $0.\(name) = … }
        """)
      return Key.previewValue
    }
  }

  /// These values changed by `update`, which sets them: a key it reads only to change part of
  /// its value (`$0.client.fetch = { 1 }`) does not report a missing test value, as a
  /// `@Dependency` read would.
  package func setting(_ update: (inout DependencyValues) throws -> Void) rethrows
    -> DependencyValues
  {
    let wasSetting = Self.beginSetting()
    defer { Self.endSetting(restoring: wasSetting) }
    var values = self
    try update(&values)
    return values
  }

  /// Marks this thread as setting dependency values (see `setting(_:)`), for an accessor that
  /// yields them to be changed in place; returns what `endSetting(restoring:)` puts back.
  package static func beginSetting() -> Bool {
    let environment = ThreadEnvironment.install()
    defer { environment.isSettingDependencies = true }
    return environment.isSettingDependencies
  }

  /// Ends what `beginSetting()` began.
  package static func endSetting(restoring wasSetting: Bool) {
    ThreadEnvironment.install().isSettingDependencies = wasSetting
  }

  /// The value `key` was overridden with, without falling back to a default (or reporting).
  func overriddenValue<Key: DependencyKey>(_ key: Key.Type) -> Key.Value? {
    overrides[ObjectIdentifier(key)] as? Key.Value
  }

  /// Whether `key` was overridden in these values.
  public func isOverridden<Key: DependencyKey>(_ key: Key.Type) -> Bool {
    overrides[ObjectIdentifier(key)] != nil
  }
}

/// Runs `operation` with the dependencies `update` changes.
///
/// ```swift
/// let fact = try await withDependencies {
///   $0.numberFact = .failing
/// } operation: {
///   try await loadFact(for: 42)
/// }
/// ```
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  let values = try DependencyValues.current.setting(update)
  return try DependencyValues.withCurrent(values, operation)
}

/// Runs async `operation` with the dependencies `update` changes.
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  let values = try DependencyValues.current.setting(update)
  return try await DependencyValues.withCurrent(values, operation)
}
