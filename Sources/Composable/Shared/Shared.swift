import DexPlatform

/// A value several features share: every `@Shared` with the same key sees the same value, and a
/// change through one is seen by all. Read it like a property; change it only with
/// `$value.withLock { … }`, which runs the whole read-modify-write under one lock.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.todos) var todos
/// }
/// state.$todos.withLock { $0.append("Buy milk") }
/// ```
///
/// A part of a shared value is shared too, written through the whole: `$user.name` is a
/// `Shared<String>` for a child that edits only the name, `Shared($currentUser)` unwraps an
/// optional, and `Array($todos)` hands each row a `Shared` of its own.
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value: Sendable & Equatable>: Sendable {
  let source: any MutableSharedSource<Value>

  init(source: any MutableSharedSource<Value>) {
    self.source = source
  }

  /// The value of `key`, or its default until one is stored.
  public init<Key: SharedKey>(_ key: SharedKeyDefault<Key>) where Key.Value == Value {
    source = SharedContainer.resolved.reference(for: key, default: key.defaultValue)
  }

  /// The value of `key`, or `wrappedValue` (not the key's default) until one is stored; the
  /// value's type comes from the key: `@Shared(.todos) var todos = []`.
  public init<Key: SharedKey>(wrappedValue: Value, _ key: SharedKeyDefault<Key>)
  where Key.Value == Value {
    source = SharedContainer.resolved.reference(for: key, default: wrappedValue)
  }

  /// The value of `key`, or `wrappedValue` until one is stored:
  /// `@Shared(.inMemory("count")) var count = 0`.
  /// The value of a key of an optional value, nil until one is stored:
  /// `@Shared(.appStorage("nickname")) var nickname: String?`.
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    source = SharedContainer.resolved.reference(for: key, default: wrappedValue)
  }

  /// A value shared without persistence or name, by passing `$value` to whoever shares it:
  /// `@Shared(value: Trainer()) var trainer`. Each has an identity of its own, so snapshots,
  /// diffs, time travel and tests see it apart from every other.
  public init(value: Value) {
    source = SharedContainer.resolved.unnamedReference(to: value)
  }

  /// The value inside a shared optional, or nil while it is nil:
  /// `if let user = Shared($currentUser) { … }`. Should the optional become nil later, the
  /// unwrapped value keeps its last value (and a change to it changes only that) until the
  /// optional holds a value again.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    source = SharedProjection(
      parent: base.source, described: "!", initial: initial, extract: { $0 },
      embed: { $0 = $1 })
  }

  /// The shared reference another `Shared` holds: a child built with the parent's `state.$user`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value (or, while the inspector reads the past, the value of that moment).
  public var wrappedValue: Value {
    source.read(.show)
  }

  /// The shared reference itself: pass it on (`state.$todos`) or mutate through it.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// The part of the value at `keyPath`, shared: `$user.name` is a `Shared<String>` whose
  /// changes are the user's, made under its lock and persisted as its key says.
  public subscript<Member: Sendable & Equatable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Shared<Member> {
    Shared<Member>(source: SharedProjection(parent: source, keyPath: keyPath))
  }

  /// The part of the value at `keyPath`, read only: `$user.id` of a `let id`.
  public subscript<Member: Sendable & Equatable>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only value computed from this one whenever it is read:
  /// `$starred.read { $0.contains(25) }` follows every change of the starred ids.
  public func read<Member: Sendable & Equatable>(
    _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }

  /// Runs `body` on the value under the lock, so a read-modify-write cannot interleave with
  /// another; returns what `body` returns.
  @discardableResult
  public func withLock<Result: Sendable>(
    _ body: @escaping @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    try mutate(body)
  }

  private func mutate<Result: Sendable>(
    _ body: @escaping @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    try source.mutate(body)
  }

  /// Runs `body` on the value under the lock: `state.$todos.withLock { $0.append("Buy milk") }`.
  public func withLock(_ body: @escaping @Sendable (inout Value) throws -> Void) rethrows {
    try mutate(body)
  }

  /// The key this value is shared under (for a part, the whole value's).
  public var keyID: SharedKeyID { source.rootID }
}

extension Shared: Equatable {
  /// Equal when the values are; while comparing two moments, the left operand is read in the
  /// older one and the right in the newer. Two copies of one `Shared` read where both operands
  /// show one moment are one value, equal without reading it.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.source === rhs.source, SharedReadMode.current.comparesOneMoment { return true }
    return lhs.source.read(.compareLeft) == rhs.source.read(.compareRight)
  }
}

extension Shared: CustomStringConvertible, CustomDebugStringConvertible {
  /// What the shared value is, for `print`, `dump` and messages: its value type and key as
  /// written (`Shared<Int>(.appStorage("pageSize"))`), or its value when it has no key
  /// (`Shared<Int>(value: 0)`).
  public var description: String {
    "Shared<\(TypeName.sugared(Value.self))>(\(source.sharedDescription))"
  }

  public var debugDescription: String { description }
}

extension Shared: CustomReflectable {
  /// Shown as its value: dumps, diffs and paths see `todos: ["Buy milk"]`.
  public var customMirror: Mirror {
    Mirror(self, children: ["wrappedValue": wrappedValue])
  }
}

extension SharedReadMode {
  /// Why a value is read: to show it, or as the left or right operand of `==`.
  enum Role {
    case show, compareLeft, compareRight
  }

  /// Whether both operands of `==` read the same moment (every mode but `sides`).
  var comparesOneMoment: Bool {
    if case .sides = self { return false }
    return true
  }

  /// The value of `reference` as the current mode shows it for `role`.
  static func value<Value>(of reference: SharedReference<Value>, role: Role) -> Value {
    switch current {
    case .live:
      return reference.value
    case let .snapshot(snapshot):
      return (snapshot[reference.id] as? Value) ?? reference.value
    case let .sides(old, new, side):
      let snapshot: SharedSnapshot
      switch role {
      case .show: snapshot = side == .old ? old : new
      case .compareLeft: snapshot = old
      case .compareRight: snapshot = new
      }
      return (snapshot[reference.id] as? Value) ?? reference.value
    case let .scratch(scratch):
      return (scratch.read(reference.id) as? Value) ?? reference.value
    }
  }
}
