/// The values of every dependency, read by `@Dependency` and overridden by `withDependencies`.
public struct DependencyValues: Sendable {
  /// Where the values are used: live, in a preview, or in a test.
  public enum Context: Sendable, Equatable {
    case live, preview, test
  }

  @TaskLocal static var current = DependencyValues()

  /// The context, which selects each key's live, preview or test value.
  public var context: Context
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  /// Values for `context`, with nothing overridden.
  public init(context: Context = .live) {
    self.context = context
  }

  /// The value for `key`: its override, else the context's default. In a test, a key without a
  /// test value reports an issue naming the dependency (`name` is the accessor's name).
  public subscript<Key: DependencyKey>(
    key: Key.Type, name: String = #function
  ) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
      switch context {
      case .live:
        return Key.liveValue
      case .preview:
        return Key.previewValue
      case .test:
        if let value = Key.testValue { return value }
        reportIssue(
          """
          @Dependency(\\.\(name)) has no test value and was not overridden. \
          Override it: withDependencies: { $0.\(name) = … }
          """)
        return Key.previewValue
      }
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
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
/// let page = try await withDependencies {
///   $0.pokemonClient = .failing
/// } operation: {
///   try await loadFirstPage()
/// }
/// ```
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs async `operation` with the dependencies `update` changes.
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$current.withValue(values, operation: operation)
}
