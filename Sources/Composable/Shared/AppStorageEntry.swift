import Synchronization

/// How one app storage key persists: as the member `key` of its container's app storage file.
final class AppStorageEntry<Value: AppStorable>: SharedPersistence<Value>, @unchecked Sendable {
  private let key: String
  private let file: AppStorageFile
  private let defaultValue = Mutex<Value?>(nil)

  init(key: String, file: AppStorageFile) {
    self.key = key
    self.file = file
  }

  /// The member's value; a missing member is written with the default, so every reader of the
  /// file sees the same value.
  override func load(default defaultValue: Value) -> Value {
    self.defaultValue.withLock { $0 = defaultValue }
    guard let stored = file.value(of: key) else {
      file.writeIfMissing(key, defaultValue.appStorageValue)
      return defaultValue
    }
    return Value(appStorageValue: stored) ?? defaultValue
  }

  override func didMutate(_ mutation: @escaping @Sendable (inout Value) -> Void, newValue: Value) {
    let fallback = defaultValue.withLock { $0 } ?? newValue
    file.change(key) { stored in
      var value = stored.flatMap(Value.init(appStorageValue:)) ?? fallback
      mutation(&value)
      return value.appStorageValue
    }
  }

  override func flush() {
    file.flush()
  }

  override func finishWriting() -> (stored: Value, intended: Value, reason: String)? {
    guard let lost = file.finishWriting(), let stored = value(of: lost.stored),
      let intended = value(of: lost.intended), stored != intended
    else { return nil }
    return (stored, intended, lost.reason)
  }

  override func storedValue() throws -> Value? {
    try file.storedMembers().flatMap(value(of:))
  }

  override func watch(_ onChange: @escaping @Sendable (() -> Value) -> Void) {
    file.observe(key) { [weak self] members in
      guard let value = self?.value(of: members) else { return }
      onChange { value }
    }
  }

  /// The value of the member `key` among `members`: the default when it is missing or holds
  /// another type (nil only before `load(default:)` told the default).
  private func value(of members: AppStorageFile.Members) -> Value? {
    members[key].flatMap(Value.init(appStorageValue:)) ?? defaultValue.withLock { $0 }
  }
}
