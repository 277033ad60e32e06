import DexPlatform

/// A read-only view of a shared value: a summary shows the todos, the list changes them.
/// It has no `withLock`, so the compiler keeps the feature from writing.
///
/// ```swift
/// @SharedReader(.todos) var todos
/// ```
///
/// A part of it, or a value computed from it, reads along: `$user.name`,
/// `$starred.read { $0.contains(25) }`.
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value: Sendable & Equatable>: Sendable {
  let source: any SharedSource<Value>

  init(source: any SharedSource<Value>) {
    self.source = source
  }

  /// The value of `key`, or its default until one is stored.
  public init<Key: SharedKey>(_ key: SharedKeyDefault<Key>) where Key.Value == Value {
    source = Shared(key).source
  }

  /// The value of `key`, or `wrappedValue` (not the key's default) until one is stored:
  /// `@SharedReader(.todos) var todos = []`.
  public init<Key: SharedKey>(wrappedValue: Value, _ key: SharedKeyDefault<Key>)
  where Key.Value == Value {
    source = Shared(wrappedValue: wrappedValue, key).source
  }

  /// The value of `key`, or `wrappedValue` until one is stored.
  /// The value of a key of an optional value, nil until one is stored:
  /// `@SharedReader(.appStorage("nickname")) var nickname: String?`.
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    source = Shared(wrappedValue: wrappedValue, key).source
  }

  /// A read-only view of `shared`.
  public init(_ shared: Shared<Value>) {
    source = shared.source
  }

  /// A value read without persistence or name: `SharedReader(value: 42)` for a preview or a
  /// test.
  public init(value: Value) {
    source = Shared(value: value).source
  }

  /// The value inside a shared optional, read only, or nil while it is nil (see
  /// `Shared.init?(_:)`).
  public init?(_ base: Shared<Value?>) {
    guard let unwrapped = Shared(base) else { return nil }
    self.init(unwrapped)
  }

  /// The read-only view another `SharedReader` holds.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The current value.
  public var wrappedValue: Value { source.read(.show) }

  /// The reader itself, to pass on.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// The part of the value at `keyPath`, read along: `$user.name`.
  public subscript<Member: Sendable & Equatable>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    nonisolated(unsafe) let keyPath = keyPath
    return SharedReader<Member>(
      source: SharedDerivation(
        parent: source, described: "[dynamicMember: \(keyPath)]",
        derive: { $0[keyPath: keyPath] }))
  }

  /// A read-only value computed from this one whenever it is read:
  /// `$starred.read { $0.contains(25) }`.
  public func read<Member: Sendable & Equatable>(
    _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader<Member>(
      source: SharedDerivation(parent: source, described: ".read { … }", derive: body))
  }

  /// The key this value is shared under (for a part, the whole value's).
  public var keyID: SharedKeyID { source.rootID }
}

extension SharedReader: Equatable {
  /// As `Shared`'s `==`: copies of one reader read where both operands show one moment are
  /// equal without reading the value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.source === rhs.source, SharedReadMode.current.comparesOneMoment { return true }
    return lhs.source.read(.compareLeft) == rhs.source.read(.compareRight)
  }
}

extension SharedReader: CustomStringConvertible, CustomDebugStringConvertible {
  /// What the shared value is: `SharedReader<Int>(.appStorage("pageSize"))`, or
  /// `SharedReader<Int>(value: 0)` for one without a key.
  public var description: String {
    "SharedReader<\(TypeName.sugared(Value.self))>(\(source.sharedDescription))"
  }

  public var debugDescription: String { description }
}

extension SharedReader: CustomReflectable {
  /// Shown as its value.
  public var customMirror: Mirror {
    Mirror(self, children: ["wrappedValue": wrappedValue])
  }
}
