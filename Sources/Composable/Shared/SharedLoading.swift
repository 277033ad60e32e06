/// A key's loading and saving as `Shared` and `SharedReader` show them (swift-sharing's
/// `loadError`, `saveError`, `isLoading`, `load()`, `save()`).
extension Shared {
  /// Why the value could not be loaded the last time it was: a file that is not JSON (moved
  /// aside), one that cannot be read, a custom key's failed load. The value is the last one
  /// loaded (or the default) meanwhile; nil once a load succeeds.
  public var loadError: (any Error)? { source.root.loadError }

  /// Why the value could not be saved the last time it was (a file that cannot be written, a
  /// lock another process holds); nil once a save succeeds.
  public var saveError: (any Error)? { source.root.saveError }

  /// Whether the key is loading the value (a custom key's load under way).
  public var isLoading: Bool { source.root.isLoading }

  /// Loads the value again from where its key keeps it; throws why it could not.
  public func load() async throws {
    _ = try await source.root.load()
  }

  /// Saves the value now, where its key keeps it; throws why it could not.
  public func save() async throws {
    try await source.root.save()
  }

  /// Shares the value of `key` from now on (this `Shared`, not its copies, which keep their key),
  /// starting from the current value, and loads it; throws why it could not be loaded.
  public mutating func load(_ key: some SharedKey<Value>) async throws {
    self = Shared(wrappedValue: wrappedValue, key)
    try await load()
  }

  /// The value of `key` as it is stored, waiting for it to load; throws when it cannot be
  /// loaded or nothing is stored (`SharedLoadError.notStored`) — where `@Shared(key)` would
  /// use a default, this refuses to.
  public init(require key: some SharedKey<Value>) async throws {
    self.init(source: try await SharedContainer.resolved.requiredReference(for: key))
  }
}

extension SharedReader {
  /// Why the value could not be loaded the last time it was (see `Shared.loadError`).
  public var loadError: (any Error)? { source.root.loadError }

  /// Whether the key is loading the value.
  public var isLoading: Bool { source.root.isLoading }

  /// Loads the value again from where its key keeps it; throws why it could not.
  public func load() async throws {
    _ = try await source.root.load()
  }

  /// Reads the value of `key` from now on (see `Shared.load(_:)`).
  public mutating func load(_ key: some SharedKey<Value>) async throws {
    self = SharedReader(wrappedValue: wrappedValue, key)
    try await load()
  }

  /// The value of `key` as it is stored, waiting for it to load (see `Shared.init(require:)`).
  public init(require key: some SharedKey<Value>) async throws {
    self.init(try await Shared(require: key))
  }
}

/// Why `Shared(require:)` has no value.
public enum SharedLoadError: Error, Equatable, CustomStringConvertible {
  /// The key's store holds no value (no file, nothing on the server).
  case notStored(SharedKeyID)

  public var description: String {
    switch self {
    case let .notStored(key): "\(key.displayName) holds no value"
    }
  }
}
