import DexPlatform

/// How one app storage key persists: as the member `key` of its container's app storage file.
///
/// What the member holds is checked whenever it is read: a member of another kind reads as the
/// default, one outside `bounds` as the nearest value inside; either is reported once (until
/// the member holds something else), and the file is left as it is.
final class AppStorageEntry<Value: AppStorable>: SharedPersistence<Value>, @unchecked Sendable {
  private let key: String
  private let bounds: AppStorageBounds<Value>?
  private let file: AppStorageFile
  private let defaultValue = LockedValue<Value?>(nil)
  /// The last report about the member, so that each problem is said once; the value's load
  /// error until the member holds a value the key accepts.
  private let lastReport = LockedValue<SharedStorageError?>(nil)

  init(key: String, bounds: AppStorageBounds<Value>?, file: AppStorageFile) {
    self.key = key
    self.bounds = bounds
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
    return checked(stored, default: defaultValue, reporting: true)
  }

  override func didMutate(_ mutation: @escaping @Sendable (inout Value) -> Void, newValue: Value) {
    let fallback = defaultValue.withLock { $0 } ?? newValue
    file.change(key) { [self] stored in
      var value = stored.map { checked($0, default: fallback, reporting: false) } ?? fallback
      mutation(&value)
      return value.appStorageValue
    }
  }

  override func flush() {
    file.flush()
  }

  override func finishWriting() -> (stored: Value, intended: Value, reason: String)? {
    guard let lost = file.finishWriting(), let stored = value(of: lost.stored, reporting: false),
      let intended = value(of: lost.intended, reporting: false), stored != intended
    else { return nil }
    return (stored, intended, lost.reason)
  }

  override func storedValue() throws -> Value? {
    try file.storedMembers().flatMap { value(of: $0, reporting: false) }
  }

  override func watch(_ onChange: @escaping @Sendable (() -> Value) -> Void) {
    file.observe(key) { [weak self] members in
      guard let value = self?.value(of: members, reporting: true) else { return }
      onChange { value }
    }
  }

  /// The value of the member `key` among `members`, checked: the default when it is missing
  /// (nil only before `load(default:)` told the default).
  private func value(of members: AppStorageFile.Members, reporting: Bool) -> Value? {
    guard let defaultValue = defaultValue.withLock({ $0 }) else { return nil }
    guard let member = members[key] else { return defaultValue }
    return checked(member, default: defaultValue, reporting: reporting)
  }

  /// The value `member` holds, if it is of the key's kind and inside its bounds; else the
  /// default, or the nearest value inside, reported when `reporting`.
  private func checked(_ member: AppStorageValue, default defaultValue: Value, reporting: Bool)
    -> Value
  {
    let problem: SharedFileProblem
    let used: Value
    let usedText: String
    if let value = Value(appStorageValue: member) {
      guard let bounds, case let clamped = bounds.clamp(value), clamped != value else {
        if reporting { lastReport.withLock { $0 = nil } }
        return value
      }
      problem = .outOfRange(key: key, value: member.jsonText, accepted: bounds.text)
      used = clamped
      usedText = clamped.appStorageValue.jsonText
    } else {
      let type = TypeName.sugared(Value.self)
      problem = .wrongKind(
        type: type, detail: "expected \(type) at '\(key)', found \(member.kindText)")
      used = defaultValue
      usedText = "the default \(defaultValue.appStorageValue.jsonText)"
    }
    if reporting { report(.memberNotUsed(path: file.path, problem: problem, used: usedText)) }
    return used
  }

  /// Reports `error` unless it is what was reported last.
  private func report(_ error: SharedStorageError) {
    let isNew = lastReport.withLock { last in
      defer { last = error }
      return last != error
    }
    if isNew { file.report(error) }
  }

  override var loadError: (any Error)? { lastReport.withLock { $0 } }

  override func loadStored() async throws -> Value? {
    guard let member = file.value(of: key) else { return nil }
    guard let value = Value(appStorageValue: member), bounds?.contains(value) ?? true else {
      let type = TypeName.sugared(Value.self)
      throw SharedStorageError.holdsNoValue(
        path: file.path,
        problem: .wrongKind(
          type: type, detail: "expected \(type) at '\(key)', found \(member.jsonText)"))
    }
    return value
  }
}
