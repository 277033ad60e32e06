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
@propertyWrapper
public struct Shared<Value: Sendable & Equatable>: Sendable {
  let reference: SharedReference<Value>

  /// The value of `key`, or its default until one is stored.
  public init<Key: SharedKey>(_ key: SharedKeyDefault<Key>) where Key.Value == Value {
    reference = SharedContainer.resolved.reference(for: key, default: key.defaultValue)
  }

  /// The value of `key`, or `wrappedValue` until one is stored:
  /// `@Shared(.inMemory("count")) var count = 0`.
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    reference = SharedContainer.resolved.reference(for: key, default: wrappedValue)
  }

  /// A value shared without persistence or name, by passing `$value` to whoever shares it:
  /// `@Shared(value: Trainer()) var trainer`. Each has an identity of its own, so snapshots,
  /// diffs, time travel and tests see it apart from every other.
  public init(value: Value) {
    reference = SharedContainer.resolved.unnamedReference(to: value)
  }

  /// The shared reference another `Shared` holds: a child built with the parent's `state.$user`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value (or, while the inspector reads the past, the value of that moment).
  public var wrappedValue: Value {
    SharedReadMode.value(of: reference, role: .show)
  }

  /// The shared reference itself: pass it on (`state.$todos`) or mutate through it.
  public var projectedValue: Shared<Value> { self }

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
    if case let .scratch(scratch) = SharedReadMode.current {
      return try scratch.mutate(reference.id, live: reference.value, body)
    }
    return try reference.withLock(body)
  }

  /// Runs `body` on the value under the lock: `state.$todos.withLock { $0.append("Buy milk") }`.
  public func withLock(_ body: @escaping @Sendable (inout Value) throws -> Void) rethrows {
    try mutate(body)
  }

  /// The key this value is shared under.
  public var keyID: SharedKeyID { reference.id }
}

extension Shared: Equatable {
  /// Equal when the values are; while comparing two moments, the left operand is read in the
  /// older one and the right in the newer.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    SharedReadMode.value(of: lhs.reference, role: .compareLeft)
      == SharedReadMode.value(of: rhs.reference, role: .compareRight)
  }
}

extension Shared: CustomStringConvertible, CustomDebugStringConvertible {
  /// What the shared value is, for `print`, `dump` and messages: its value type and key as
  /// written (`Shared<Int>(.appStorage("pageSize"))`), or its value when it has no key
  /// (`Shared<Int>(value: 0)`).
  public var description: String {
    "Shared<\(TypeName.sugared(Value.self))>(\(reference.sharedDescription))"
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
