/// A key whose own code loads and saves its value, asynchronously and possibly failing: a
/// server, a database, anything dex does not store itself (swift-sharing's `SharedKey` with
/// `load` and `save`).
///
/// ```swift
/// struct RemoteConfigKey: AsyncSharedKey {
///   typealias Value = Config
///   var id: SharedKeyID { SharedKeyID(kind: "remote", name: "config") }
///   func load(context: SharedLoadContext<Config>) async throws -> Config? {
///     try await api.config()
///   }
///   func save(_ value: Config, context: SharedSaveContext) async throws {
///     try await api.setConfig(value)
///   }
/// }
/// @Shared(RemoteConfigKey()) var config = Config()
/// ```
///
/// The value is the default until the first load ends (`isLoading` meanwhile); a load or save
/// that throws leaves the value as it is and sets `loadError` or `saveError`, which the next
/// one that succeeds clears (a save that succeeds clears both: what is stored is the value).
/// Every change is saved, in order, one save at a time. A store that tells of its own changes
/// (another device, a server's push) hands them on through `updates()`. In an in-memory
/// container (tests) the key loads and saves all the same: it is the key's own code.
public protocol AsyncSharedKey<Value>: SharedKey {
  /// The stored value, or nil when nothing is stored (the value is left as it is).
  func load(context: SharedLoadContext<Value>) async throws -> Value?
  /// Stores `value`.
  func save(_ value: Value, context: SharedSaveContext) async throws
  /// The store's own changes, as they happen: a new value (which clears `loadError`) or why
  /// the store could not give one (the `loadError`, the value left as it is). Nil when the
  /// store tells of none. Followed while a `Shared` of the key lives.
  func updates() -> AsyncStream<Result<Value, any Error>>?
}

extension AsyncSharedKey {
  /// A key that only loads: changes stay in memory.
  public func save(_ value: Value, context: SharedSaveContext) async throws {}

  /// A store that tells of no change of its own.
  public func updates() -> AsyncStream<Result<Value, any Error>>? { nil }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Value>? {
    AsyncKeyPersistence(key: self)
  }
}

/// Why a value is loaded.
public enum SharedLoadContext<Value: Sendable>: Sendable {
  /// The first load, while the value is `initialValue` (the default).
  case initialValue(Value)
  /// `load()` asked for it.
  case userInitiated
}

/// Why a value is saved.
public enum SharedSaveContext: Sendable, Equatable {
  /// The value changed.
  case didSet
  /// `save()` asked for it.
  case userInitiated
}
