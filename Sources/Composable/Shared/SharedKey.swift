import DexPlatform

/// Names a shared value and where it lives: in memory, in a JSON file, or in user defaults.
///
/// Every `@Shared` or `@SharedReader` with keys of equal `id` sees the same value.
public protocol SharedKey<Value>: Sendable {
  /// The type of the shared value.
  associatedtype Value: Sendable & Equatable
  /// The key's identity: keys with equal ids share one value.
  var id: SharedKeyID { get }
  /// How the value persists in `container`; nil keeps it in memory only.
  func makePersistence(in container: SharedContainer) -> SharedPersistence<Value>?
  /// Why `value` is not one the key holds (a setting outside the range its feature keeps),
  /// nil when it is: a value brought in from outside the app (an imported session's) is
  /// refused with it. Every value, unless the key says otherwise.
  func refusal(of value: Value) -> String?
  /// Whether the value's changes are tracked: kept in the snapshots a store takes around each
  /// action, so diffs, history, time travel and a TestStore's exhaustive assertions see them.
  /// True unless the key opts out (`.untracked(key)`).
  var tracksChanges: Bool { get }
}

extension SharedKey {
  public func refusal(of value: Value) -> String? { nil }

  public var tracksChanges: Bool { true }
}

/// The identity of a shared key: its kind and name (`file /path/todos.json`).
public struct SharedKeyID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The key's kind: `inMemory`, `file`, `appStorage`, or `unnamed` for a `Shared(value:)`.
  public let kind: String
  /// The key's name within its kind: a name, a path, a defaults key.
  public let name: String

  /// An id of `kind` called `name`.
  public init(kind: String, name: String) {
    self.kind = kind
    self.name = name
  }

  public var description: String { "\(kind) \(name)" }

  /// How people call the value: a file by its name (`todos.json`), others by kind and name
  /// (`appStorage:pageSize`, `inMemory:downloads`, `unnamed:1`; an app's inspector names an
  /// unnamed value by where its owner holds it instead).
  public var displayName: String {
    kind == "file" ? Self.lastPathComponent(of: name) : "\(kind):\(name)"
  }

  /// The part of `path` after its last `/` (trailing ones left out); `path` when it is all `/`.
  /// Read for every diff of the value: no array of components.
  private static func lastPathComponent(of path: String) -> String {
    var end = path.endIndex
    while end > path.startIndex, path[path.index(before: end)] == "/" {
      end = path.index(before: end)
    }
    guard end > path.startIndex else { return path }
    let start = path[..<end].lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
    return String(path[start..<end])
  }

  /// Whether this is the key of a `Shared(value:)`: a value with no name, shared by passing it.
  public var isUnnamed: Bool { kind == Self.unnamedKind }

  /// The kind of the keys `Shared(value:)` makes, one per value.
  static let unnamedKind = "unnamed"

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.kind, lhs.name) < (rhs.kind, rhs.name)
  }
}

/// A key together with its default value, so the default lives in one place:
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<[String]>.Default {
///   static var todos: Self {
///     Self[.fileStorage(documents.appending(path: "todos.json")), default: []]
///   }
/// }
/// ```
public struct SharedKeyDefault<Base: SharedKey>: SharedKey {
  /// The key.
  public let base: Base
  /// The value used until one is stored.
  public let defaultValue: Base.Value
  /// Why a value is not one the key holds (see `refusal(of:)`), when the key says.
  private let refusing: (@Sendable (Base.Value) -> String?)?

  /// `key` with `defaultValue`.
  public static subscript(_ key: Base, default defaultValue: Base.Value) -> Self {
    Self(base: key, defaultValue: defaultValue, refusing: nil)
  }

  /// `key` with `defaultValue`, holding only the values `refusing` finds no reason against:
  /// `Self[.appStorage("level"), default: 5, refusing: { (1...100).contains($0) ? nil : "…" }]`.
  public static subscript(
    _ key: Base, default defaultValue: Base.Value,
    refusing refusing: @escaping @Sendable (Base.Value) -> String?
  ) -> Self {
    Self(base: key, defaultValue: defaultValue, refusing: refusing)
  }

  public var id: SharedKeyID { base.id }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Base.Value>? {
    base.makePersistence(in: container)
  }

  public func refusal(of value: Base.Value) -> String? {
    refusing?(value) ?? base.refusal(of: value)
  }

  public var tracksChanges: Bool { base.tracksChanges }
}

extension SharedKeyDefault: CustomStringConvertible {
  /// The key as it is written: `AppStorageKey<Int>.Default[.appStorage("pageSize"), default: 20]`.
  public var description: String {
    "\(TypeName.sugared(Base.self)).Default[\(base), default: \(String(reflecting: defaultValue))]"
  }
}

extension SharedKey {
  /// This key with a default value: `FileStorageKey<Set<Int>>.Default`.
  public typealias Default = SharedKeyDefault<Self>
}

/// How a shared value is loaded and saved. Subclassed by file and user-defaults storage.
open class SharedPersistence<Value: Sendable>: @unchecked Sendable {
  private let statusObserver = LockedValue<(@Sendable () -> Void)?>(nil)

  /// A persistence with nothing loaded yet.
  public init() {}

  /// Tells whoever shows the value's status (an inspector) that `loadError`, `saveError` or
  /// `isLoading` may have changed: call it when a load or save ends.
  public final func statusMayHaveChanged() {
    statusObserver.withLock { $0 }?()
  }

  /// Makes `observer` the one `statusMayHaveChanged()` calls.
  final func observeStatus(_ observer: @escaping @Sendable () -> Void) {
    statusObserver.withLock { $0 = observer }
  }

  /// The stored value, or `defaultValue` when nothing is stored (or it cannot be read).
  open func load(default defaultValue: Value) -> Value { defaultValue }

  /// Called under the reference's lock after `mutation` changed the value to `newValue`.
  open func didMutate(_ mutation: @escaping @Sendable (inout Value) -> Void, newValue: Value) {}

  /// Writes pending changes now.
  open func flush() {}

  /// Writes pending changes (as `flush()`), then gives up on those that could not be written,
  /// at exit: returns the value stored as far as known, the value it should have become and
  /// why it was not written; nil when everything is written.
  open func finishWriting() -> (stored: Value, intended: Value, reason: String)? {
    flush()
    return nil
  }

  /// The value stored now, read again; nil when it is not stored anywhere.
  open func storedValue() throws -> Value? { nil }

  /// Starts reporting changes made by other processes: `onChange` is called with a function
  /// that computes the new value, which the reference calls under its lock.
  open func watch(_ onChange: @escaping @Sendable (_ newValue: () -> Value) -> Void) {}

  /// Why the value could not be loaded the last time it was (the value kept is the last one
  /// loaded, or the default); nil once a load succeeds.
  open var loadError: (any Error)? { nil }

  /// Why the value could not be saved the last time it was; nil once a save succeeds.
  open var saveError: (any Error)? { nil }

  /// Whether a load is under way.
  open var isLoading: Bool { false }

  /// Loads the value again now and hands it to `watch`'s `onChange`; returns whether the store
  /// held one (false: the value is left as it is), throws why it could not be loaded.
  open func reload() async throws -> Bool { true }

  /// Saves `value`, the current value, now; throws why it could not be saved.
  open func save(_ value: Value) async throws {}

  /// The value stored, loaded before any reference holds it (for `Shared(require:)`); nil when
  /// nothing is stored, throws why it could not be loaded.
  open func loadStored() async throws -> Value? { nil }
}
