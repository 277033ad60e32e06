import DexPlatform

/// A read-only view of a shared value: a summary shows the todos, the list changes them.
/// It has no `withLock`, so the compiler keeps the feature from writing.
///
/// ```swift
/// @SharedReader(.todos) var todos
/// ```
@propertyWrapper
public struct SharedReader<Value: Sendable & Equatable>: Sendable {
  let shared: Shared<Value>

  /// The value of `key`, or its default until one is stored.
  public init<Key: SharedKey>(_ key: SharedKeyDefault<Key>) where Key.Value == Value {
    shared = Shared(key)
  }

  /// The value of `key`, or `wrappedValue` until one is stored.
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    shared = Shared(wrappedValue: wrappedValue, key)
  }

  /// A read-only view of `shared`.
  public init(_ shared: Shared<Value>) {
    self.shared = shared
  }

  /// The read-only view another `SharedReader` holds.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The current value.
  public var wrappedValue: Value { shared.wrappedValue }

  /// The reader itself, to pass on.
  public var projectedValue: SharedReader<Value> { self }

  /// The key this value is shared under.
  public var keyID: SharedKeyID { shared.keyID }
}

extension SharedReader: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.shared == rhs.shared }
}

extension SharedReader: CustomStringConvertible, CustomDebugStringConvertible {
  /// What the shared value is: `SharedReader<Int>(.appStorage("pageSize"))`, or
  /// `SharedReader<Int>(value: 0)` for one without a key.
  public var description: String {
    "SharedReader<\(TypeName.sugared(Value.self))>(\(shared.reference.sharedDescription))"
  }

  public var debugDescription: String { description }
}

extension SharedReader: CustomReflectable {
  /// Shown as its value.
  public var customMirror: Mirror {
    Mirror(self, children: ["wrappedValue": wrappedValue])
  }
}
