import DexPlatform
import Foundation

/// The one box behind every `Shared` of a key: the value, its lock and its persistence.
final class SharedReference<Value: Sendable & Equatable>: AnySharedReference, @unchecked Sendable {
  let id: SharedKeyID
  /// The key as it was written where the reference was made (`.appStorage("pageSize")`); nil
  /// for a `Shared(value:)`.
  let keyDescription: String?
  /// The value, its lock and the stamp of its last write.
  private let box: SharedValueBox<Value>
  private let persistence: SharedPersistence<Value>?
  /// Why a value is not one the key holds (`SharedKey.refusal(of:)`).
  private let refusing: @Sendable (Value) -> String?
  /// Counts every write of the value and its release, for the container's snapshots (nil:
  /// nobody counts).
  private let writes: SharedWriteCount?

  /// A reference to `defaultValue` (or what `persistence` loads); `onExternalChange` hears of
  /// every change that came from outside the process, with the value before and after.
  init(
    id: SharedKeyID, keyDescription: String? = nil, defaultValue: Value,
    persistence: SharedPersistence<Value>?,
    refusing: @escaping @Sendable (Value) -> String? = { _ in nil },
    writes: SharedWriteCount? = nil,
    onExternalChange: (@Sendable (SharedKeyID, _ old: Value, _ new: Value) -> Void)? = nil
  ) {
    self.id = id
    self.keyDescription = keyDescription
    self.persistence = persistence
    self.refusing = refusing
    self.writes = writes
    let box = SharedValueBox(
      persistence?.load(default: defaultValue) ?? defaultValue, writes: writes)
    self.box = box
    // The watch holds the box, not the reference, and weakly: a reference nothing holds
    // hears no more changes, and no weak reference to it exists (one would give it a side
    // table, and every copy of a state holding it would retain it the slow way).
    persistence?.watch { [weak box] newValue in
      guard let box else { return }
      let (old, new) = box.write { value -> (Value, Value) in
        let old = value
        value = newValue()
        return (old, value)
      }
      if old != new { onExternalChange?(id, old, new) }
    }
  }

  /// A released value leaves the container's snapshots (an unnamed one is held weakly).
  deinit { writes?.increment() }

  /// The current value.
  var value: Value { box.value }

  /// The stamp of the write that put the current value there (`SharedValueStamp`).
  var stamp: UInt64 { box.stamp }

  /// The current value and the stamp of the write that put it there; nil when that stamp is
  /// `known` (the value is the one read with it).
  func stampedValue(unless known: UInt64?) -> (value: any Sendable, stamp: UInt64)? {
    box.stampedValue(unless: known).map { ($0.value, $0.stamp) }
  }

  /// What a `Shared` of this reference is, as swift-sharing says it: its key as written, or
  /// `value: 0` for a value shared without a key.
  var sharedDescription: String {
    keyDescription ?? "value: \(String(reflecting: value))"
  }

  /// Runs `body` on the value under the lock: the whole read-modify-write is one step.
  func withLock<Result: Sendable>(
    _ body: @escaping @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    try box.write { value in
      let result = try body(&value)
      persistence?.didMutate({ value in _ = try? body(&value) }, newValue: value)
      return result
    }
  }

  /// Replaces the value (time travel, snapshot restore); persisted keys write it through.
  func restore(_ newValue: Value) {
    box.write { value in
      value = newValue
      persistence?.didMutate({ $0 = newValue }, newValue: newValue)
    }
  }

  /// Why `anyValue` is not one the key holds; nil when it is (or is no `Value`).
  func refusal(ofAny anyValue: any Sendable) -> String? {
    (anyValue as? Value).flatMap(refusing)
  }

  /// Puts `anyValue` in memory without writing it anywhere; false when it is not a `Value`.
  func hold(anyValue: any Sendable) -> Bool {
    guard let newValue = anyValue as? Value else { return false }
    box.write { $0 = newValue }
    return true
  }

  /// Writes what persistence still has to, then gives up on the rest and returns it (see
  /// `SharedPersistence.finishWriting()`).
  func finishWriting() -> SharedUnwrittenChange? {
    guard let lost = persistence?.finishWriting() else { return nil }
    return SharedUnwrittenChange(
      key: id, stored: lost.stored, intended: lost.intended, reason: lost.reason)
  }

  func storedValue() throws -> (any Sendable)? {
    try persistence?.storedValue()
  }

  var loadError: (any Error)? { persistence?.loadError }

  var saveError: (any Error)? { persistence?.saveError }

  var isLoading: Bool { persistence?.isLoading ?? false }

  /// Loads the value again (`SharedPersistence.reload()`); false when the store held none.
  func load() async throws -> Bool {
    try await persistence?.reload() ?? true
  }

  /// Saves the current value now.
  func save() async throws {
    try await persistence?.save(value)
  }

  var anyValue: any Sendable { value }

  var valueType: any Any.Type { Value.self }

  var isPersisted: Bool { persistence != nil }

  var isMergeable: Bool { Value.self is any MergeableValue.Type }

  /// Makes each change (old → new, in order) on the current value under the lock, as one
  /// mutation: a persisted value re-applies it onto another process's newer value. False when
  /// the value is not `MergeableValue` (nothing changes).
  func applyChanges(_ changes: [(old: any Sendable, new: any Sendable)]) -> Bool {
    guard isMergeable else { return false }
    withLock { value in
      if let merged = ValueMerging.applying(changes, to: value) as? Value { value = merged }
    }
    return true
  }

  func restore(anyValue: any Sendable) -> Bool {
    guard let newValue = anyValue as? Value else { return false }
    restore(newValue)
    return true
  }

  func isEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
    (lhs as? Value) == (rhs as? Value)
  }

  func flush() { persistence?.flush() }

  func encode(_ value: any Sendable) throws -> Data {
    guard let encodable = value as? any Encodable else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "\(Value.self) is not Encodable"))
    }
    return try JSONEncoder().encode(encodable)
  }

  func decode(from decoder: any Decoder) throws -> any Sendable {
    guard let decodable = Value.self as? any Decodable.Type,
      let value = try decodable.init(from: decoder) as? Value
    else {
      throw DecodingError.typeMismatch(
        Value.self, .init(codingPath: [], debugDescription: "\(Value.self) is not Decodable"))
    }
    return value
  }

  func decode(_ data: Data) throws -> any Sendable {
    guard let decodable = Value.self as? any Decodable.Type else {
      throw DecodingError.typeMismatch(
        Value.self, .init(codingPath: [], debugDescription: "\(Value.self) is not Decodable"))
    }
    guard let value = try JSONDecoder().decode(decodable, from: data) as? Value else {
      throw DecodingError.typeMismatch(
        Value.self, .init(codingPath: [], debugDescription: "not a \(Value.self)"))
    }
    return value
  }
}

/// A shared reference with its value type erased, for snapshots.
protocol AnySharedReference: AnyObject, Sendable {
  var id: SharedKeyID { get }
  var anyValue: any Sendable { get }
  /// The stamp of the current value (`SharedValueStamp`).
  var stamp: UInt64 { get }
  func stampedValue(unless known: UInt64?) -> (value: any Sendable, stamp: UInt64)?
  var valueType: any Any.Type { get }
  var isPersisted: Bool { get }
  var isMergeable: Bool { get }
  func applyChanges(_ changes: [(old: any Sendable, new: any Sendable)]) -> Bool
  func restore(anyValue: any Sendable) -> Bool
  func hold(anyValue: any Sendable) -> Bool
  func refusal(ofAny anyValue: any Sendable) -> String?
  func finishWriting() -> SharedUnwrittenChange?
  func storedValue() throws -> (any Sendable)?
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  var isLoading: Bool { get }
  func load() async throws -> Bool
  func save() async throws
  func isEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool
  func flush()
  func encode(_ value: any Sendable) throws -> Data
  func decode(_ data: Data) throws -> any Sendable
  func decode(from decoder: any Decoder) throws -> any Sendable
}
