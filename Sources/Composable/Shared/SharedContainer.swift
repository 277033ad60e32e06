import DexPlatform
import Foundation

/// Holds the shared values of a process, or of one test: one reference per key id, and each
/// unnamed value (`Shared(value:)`) under an id of its own for as long as something holds it.
///
/// The app uses one persistent container. Tests get a fresh in-memory container each (through
/// DexTesting's `.isolatedSharedState` trait), so no test sees another's values or the user's
/// files.
public final class SharedContainer: Sendable {
  /// Where persisted keys keep their values.
  public enum Storage: Sendable, Equatable {
    /// Files, for real.
    case persistent
    /// Memory only: file and app storage keys behave like in-memory keys.
    case inMemory
  }

  /// How persisted keys store their values here.
  public let storage: Storage
  /// The JSON file app storage keys keep their values in (one member per key), when the
  /// storage is persistent; without one they live in memory.
  public let appStorageURL: URL?
  /// How writes of shared files wait for another process's lock.
  public let lockWaiting: FileLockWaiting
  /// When changes to shared files are written.
  package let fileWriteTiming: FileWriteTiming
  let reportError: @Sendable (String) -> Void
  let references = LockedValue<[SharedKeyID: any AnySharedReference]>([:])
  /// How to compare each key's values, kept with the references (snapshots share it).
  private nonisolated(unsafe) var equalities: [SharedKeyID: SnapshotEquality] = [:]
  /// The references whose changes are tracked (all but untracked keys'), which snapshots read;
  /// guarded by the lock of `references`.
  private nonisolated(unsafe) var tracked: [SharedKeyID: any AnySharedReference] = [:]
  private let unnamed = LockedValue(UnnamedReferences())
  private let appStorage = LockedValue<AppStorageFile?>(nil)
  private let reportsUse: Bool
  private let externalChangeObservers = LockedValue<[@Sendable ([SharedExternalChange]) -> Void]>([])
  private let statusObservers = LockedValue<[@Sendable () -> Void]>([])
  /// Counts the writes of the values snapshots hold, the tracked keys added and the unnamed
  /// values made and released.
  private let writes = SharedWriteCount()
  /// The last snapshot, with the write count it was taken at.
  private let lastSnapshot = LockedValue<(writes: UInt64, snapshot: SharedSnapshot)?>(nil)

  /// A container storing persisted keys as `storage` says (app storage keys in the JSON file at
  /// `appStorageURL`), waiting for the locks of shared files as `lockWaiting` says; errors (a
  /// corrupt or unwritable file) go to `reportError`, standard error by default.
  public convenience init(
    storage: Storage,
    appStorageURL: URL? = nil,
    lockWaiting: FileLockWaiting = FileLockWaiting(),
    reportError: (@Sendable (String) -> Void)? = nil
  ) {
    self.init(
      storage: storage, appStorageURL: appStorageURL, lockWaiting: lockWaiting,
      fileWriteTiming: FileWriteTiming(), reportError: reportError)
  }

  /// A container as above whose shared files are written as `fileWriteTiming` says.
  package init(
    storage: Storage,
    appStorageURL: URL? = nil,
    lockWaiting: FileLockWaiting = FileLockWaiting(),
    fileWriteTiming: FileWriteTiming,
    reportError: (@Sendable (String) -> Void)? = nil
  ) {
    self.storage = storage
    self.appStorageURL = appStorageURL?.standardizedFileURL
    self.lockWaiting = lockWaiting
    self.fileWriteTiming = fileWriteTiming
    self.reportError = reportError ?? { FileHandleOutput.standardError.write("dex: \($0)\n") }
    self.reportsUse = false
  }

  private init(unisolatedTestContainer: Void) {
    self.storage = .inMemory
    self.appStorageURL = nil
    self.lockWaiting = FileLockWaiting()
    self.fileWriteTiming = FileWriteTiming()
    self.reportError = { reportIssue($0) }
    self.reportsUse = true
  }

  /// The container of the current task, if one was set with `withValue`.
  @TaskLocal public static var current: SharedContainer?

  /// The process's persistent container, used by the app.
  public static let live = SharedContainer(storage: .persistent)

  /// Used in a test process when a test set no container: in memory, and every use is reported
  /// so that the test adds isolation.
  static let unisolatedTest = SharedContainer(unisolatedTestContainer: ())

  /// The container `@Shared` uses here: inside a store's reduce the store's (installed on the
  /// thread with its dependencies), else the task's, else the live one (the unisolated test
  /// container inside a test process, so tests never touch the user's files).
  public static var resolved: SharedContainer {
    ThreadEnvironment.container ?? current ?? (ProcessKind.isTestProcess ? unisolatedTest : live)
  }

  /// The reference of `key`, made with `defaultValue` when the container has none; waits first
  /// for dependency values being built on other threads (`DependencyBuilding`), so a value one
  /// of them sets is the one read.
  func reference<Key: SharedKey>(for key: Key, default defaultValue: Key.Value) -> SharedReference<Key.Value> {
    reference(for: key, default: defaultValue) { key.makePersistence(in: $0) }
  }

  /// The reference of `key` holding the value its store holds, loaded first: throws when it
  /// cannot be loaded, or `SharedLoadError.notStored` when nothing is stored.
  func requiredReference<Key: SharedKey>(for key: Key) async throws -> SharedReference<Key.Value> {
    if let existing = references.withLock({ $0[key.id] }) as? SharedReference<Key.Value> {
      guard try await existing.load() else { throw SharedLoadError.notStored(key.id) }
      return existing
    }
    let persistence = key.makePersistence(in: self)
    guard let stored = try await persistence?.loadStored() else {
      throw SharedLoadError.notStored(key.id)
    }
    return reference(for: key, default: stored) { _ in persistence }
  }

  /// The reference of `key`, made with `defaultValue` and the persistence `makePersistence`
  /// makes when the container has none.
  private func reference<Key: SharedKey>(
    for key: Key, default defaultValue: Key.Value,
    persistence makePersistence: (SharedContainer) -> SharedPersistence<Key.Value>?
  ) -> SharedReference<Key.Value> {
    DependencyBuilding.waitForBuildsElsewhere()
    let id = key.id
    if let existing = references.withLock({ $0[id] }) {
      if let reference = existing as? SharedReference<Key.Value> { return reference }
      reportIssue(
        "Shared key '\(id)' is used with two types; \(Key.Value.self) gets a value of its own.")
    }
    if reportsUse {
      reportIssue(
        """
        @Shared(\(id)) was used by a test without shared-state isolation. Add the \
        .isolatedSharedState trait (DexTesting) to the test or its suite.
        """)
    }
    let persistence = makePersistence(self)
    persistence?.observeStatus { [weak self] in
      for observer in self?.statusObservers.withLock({ $0 }) ?? [] { observer() }
    }
    let created = SharedReference(
      id: id, keyDescription: String(describing: key), defaultValue: defaultValue,
      persistence: persistence, refusing: { key.refusal(of: $0) },
      writes: key.tracksChanges ? writes : nil,
      onExternalChange: key.tracksChanges ? externalChangeReporter() : nil)
    return references.withLock { references in
      if let raced = references[id] as? SharedReference<Key.Value> { return raced }
      references[id] = created
      if key.tracksChanges { tracked[id] = created }
      equalities[id] = SnapshotEquality(reference: created)
      writes.increment()
      return created
    }
  }

  /// A reference to `value` with an id of its own (`unnamed N`, counted per container): two
  /// unnamed values never share one. The container keeps it only while something holds it.
  func unnamedReference<Value: Sendable & Equatable>(to value: Value) -> SharedReference<Value> {
    unnamed.withLock { registry in
      registry.lastNumber += 1
      let id = SharedKeyID(kind: SharedKeyID.unnamedKind, name: "\(registry.lastNumber)")
      let reference = SharedReference(id: id, defaultValue: value, persistence: nil, writes: writes)
      registry.insert(reference, equality: SnapshotEquality(Value.self))
      writes.increment()
      return reference
    }
  }

  /// The file app storage keys share here, opened on first use; nil when they live in memory.
  func appStorageFile() -> AppStorageFile? {
    guard storage == .persistent, let url = appStorageURL else { return nil }
    return appStorage.withLock { file in
      if let file { return file }
      let opened = AppStorageFile(
        url: url, waiting: lockWaiting, reportError: reportError,
        groupingChanges: { [weak self] body in
          guard let self else { return body() }
          groupingExternalChanges(body)
        })
      file = opened
      return opened
    }
  }

  /// Every reference the container holds: keyed ones, and the unnamed ones still alive.
  private func allReferences() -> [SharedKeyID: any AnySharedReference] {
    var all = references.withLock { $0 }
    for (id, reference) in unnamed.withLock({ $0.live() }) { all[id] = reference.reference }
    return all
  }

  /// The reference of `id`, if the container holds it.
  func reference(of id: SharedKeyID) -> (any AnySharedReference)? {
    if let keyed = references.withLock({ $0[id] }) { return keyed }
    return id.isUnnamed ? unnamed.withLock { $0.entries[id]?.reference } : nil
  }

  /// The current value of every shared key in the container whose changes are tracked.
  /// Values no one wrote since the last snapshot are not read again: that snapshot is handed
  /// back (every write, from this process or loaded from another, is counted, and so are keys
  /// added and unnamed values made or released). The count is read before the values, so a
  /// write during the reading leaves a count the next call finds changed.
  public func snapshot() -> SharedSnapshot {
    let count = writes.current
    let last = lastSnapshot.withLock { $0 }
    if let last, last.writes == count { return last.snapshot }
    let (all, keyedEquality) = references.withLock { _ in (tracked, equalities) }
    let live = unnamed.withLock { $0.live() }
    // The last snapshot's values, each read again only when its stamp changed since.
    let previous = last?.snapshot
    var values = previous?.values ?? Dictionary(minimumCapacity: all.count + live.count)
    var stamps = previous?.stamps ?? Dictionary(minimumCapacity: all.count + live.count)
    func read(_ id: SharedKeyID, _ reference: any AnySharedReference) {
      let known = stamps[id]
      guard reference.stamp != known else { return }
      if let (value, stamp) = reference.stampedValue(unless: known) {
        values[id] = value
        stamps[id] = stamp
      }
    }
    for (id, reference) in all { read(id, reference) }
    var equality = keyedEquality
    for (id, entry) in live {
      read(id, entry.reference)
      equality[id] = entry.equality
    }
    // An unnamed value released since leaves.
    if values.count != all.count + live.count {
      values = values.filter { all[$0.key] != nil || live[$0.key] != nil }
      stamps = stamps.filter { values[$0.key] != nil }
    }
    let snapshot = SharedSnapshot(values: values, equality: equality, stamps: stamps)
    lastSnapshot.withLock { $0 = (count, snapshot) }
    return snapshot
  }

  /// Puts back the values of `snapshot`; persisted keys write them through (an empty set
  /// writes `[]`, it never deletes a file). Keys created after the snapshot keep their values.
  public func restore(_ snapshot: SharedSnapshot) {
    let all = allReferences()
    for (id, value) in snapshot.values {
      _ = all[id]?.restore(anyValue: value)
    }
  }

  /// `value`, a value of `key`, as JSON.
  public func encode(_ value: any Sendable, of key: SharedKeyID) throws -> Data {
    guard let reference = reference(of: key) else {
      throw SharedKeyError.unknownKey(key)
    }
    return try reference.encode(value)
  }

  /// A value of `key` from the JSON `encode(_:of:)` wrote.
  public func decode(_ data: Data, of key: SharedKeyID) throws -> any Sendable {
    guard let reference = reference(of: key) else {
      throw SharedKeyError.unknownKey(key)
    }
    return try reference.decode(data)
  }

  /// Why `value`, a value of `key` from outside the app, is not one the key holds (see
  /// `SharedKey.refusal(of:)`); nil when it is, or when the container holds no such key.
  public func refusal(of value: any Sendable, for key: SharedKeyID) -> String? {
    reference(of: key)?.refusal(ofAny: value)
  }

  /// A value of `key` read by `decoder` (a literal a user typed, say).
  public func decodeValue(of key: SharedKeyID, from decoder: any Decoder) throws -> any Sendable {
    guard let reference = reference(of: key) else {
      throw SharedKeyError.unknownKey(key)
    }
    return try reference.decode(from: decoder)
  }

  /// The values of `snapshot` as JSON, by key, for saving a session.
  public func encode(_ snapshot: SharedSnapshot) throws -> [(key: SharedKeyID, json: Data)] {
    let all = allReferences()
    return try snapshot.keys.compactMap { id in
      guard let reference = all[id], let value = snapshot[id] else { return nil }
      return (id, try reference.encode(value))
    }
  }

  /// A snapshot of the values saved by `encode(_:)`, matched to this container's keys by id, or
  /// by kind and file name when the folder differs; `problems` says what was left out, and
  /// `refused` the values their keys refuse (see `SharedKey.refusal(of:)`), by their offset in
  /// `values`, also left out.
  public func decodeSnapshot(
    _ values: [(key: SharedKeyID, json: Data)]
  ) -> (snapshot: SharedSnapshot, problems: [String], refused: [(offset: Int, reason: String)]) {
    let all = allReferences()
    var decoded: [SharedKeyID: any Sendable] = [:]
    var equality: [SharedKeyID: SnapshotEquality] = [:]
    var problems: [String] = []
    var refused: [(offset: Int, reason: String)] = []
    for (offset, (id, json)) in values.enumerated() {
      guard let reference = Self.counterpart(of: id, in: all) else {
        problems.append("shared value '\(id)' has no counterpart here; it was left out")
        continue
      }
      do {
        let value = try reference.decode(json)
        if let reason = reference.refusal(ofAny: value) {
          refused.append((offset, reason))
          continue
        }
        decoded[reference.id] = value
        equality[reference.id] = SnapshotEquality(reference: reference)
      } catch {
        problems.append("shared value '\(id)' does not decode: \(error)")
      }
    }
    return (SharedSnapshot(values: decoded, equality: equality), problems, refused)
  }

  /// The key of this container that holds what `id`, a key saved by another process, held:
  /// `id` itself, or the key of its kind with its file name when the folder differs (a session
  /// from another machine); nil when there is none.
  public func counterpart(of id: SharedKeyID) -> SharedKeyID? {
    Self.counterpart(of: id, in: allReferences())?.id
  }

  private static func counterpart(
    of id: SharedKeyID, in all: [SharedKeyID: any AnySharedReference]
  ) -> (any AnySharedReference)? {
    all[id] ?? all.values.first {
      $0.id.kind == id.kind
        && URL(fileURLWithPath: $0.id.name).lastPathComponent
          == URL(fileURLWithPath: id.name).lastPathComponent
    }
  }

  /// Writes every pending change of persisted keys now, each waiting for its lock at most
  /// `lockWaiting.timeout`.
  public func flush() {
    for reference in references.withLock({ Array($0.values) }) { reference.flush() }
  }

  /// Writes every pending change (as `flush()`), then gives up on what still could not be
  /// written and returns it, by key, for the program to report: call it once, at exit.
  public func finishWriting() -> [SharedUnwrittenChange] {
    references.withLock { Array($0.values) }.compactMap { $0.finishWriting() }
      .sorted { $0.key < $1.key }
  }

  /// Puts the values of `snapshot` in memory without writing any (an imported session's
  /// values): a persisted key keeps what its file holds until the process changes the value,
  /// and then writes only that change. Returns the persisted keys whose file holds another
  /// value (or cannot be read).
  public func hold(_ snapshot: SharedSnapshot) -> [SharedKeyID] {
    let all = allReferences()
    var differing: [SharedKeyID] = []
    for (id, value) in snapshot.values {
      guard let reference = all[id], reference.hold(anyValue: value), reference.isPersisted
      else { continue }
      let stored = try? reference.storedValue()
      if stored.map({ !reference.isEqual($0, value) }) ?? true { differing.append(id) }
    }
    return differing.sorted()
  }

  /// The value `key`'s file (or other store) holds now, read again; nil when the key is not
  /// persisted here. Throws when it cannot be read.
  public func storedValue(of key: SharedKeyID) throws -> (any Sendable)? {
    try reference(of: key)?.storedValue()
  }

  // MARK: - Keys, changes from outside, and time travel

  /// The keys of the values the container holds, in a stable order.
  public var keys: [SharedKeyID] { allReferences().keys.sorted() }

  /// The type of the value of `key`, if the container holds it.
  public func valueType(of key: SharedKeyID) -> (any Any.Type)? {
    reference(of: key)?.valueType
  }

  /// Whether `key`'s value persists outside the process (in a file).
  public func isPersisted(_ key: SharedKeyID) -> Bool {
    reference(of: key)?.isPersisted ?? false
  }

  /// Replaces the value of `key` (persisted ones write it through); false when the container
  /// holds no such key or `value` is not of its type.
  @discardableResult
  public func replaceValue(of key: SharedKeyID, with value: any Sendable) -> Bool {
    reference(of: key)?.restore(anyValue: value) ?? false
  }

  /// Calls `observer` after every write from outside the process (another process wrote a
  /// shared file, or the app storage file), on the thread that noticed it, with the changes of
  /// the values it holds: one for a shared file, one per changed key for the app storage file.
  public func observeExternalChanges(
    _ observer: @escaping @Sendable ([SharedExternalChange]) -> Void
  ) {
    externalChangeObservers.withLock { $0.append(observer) }
  }

  /// Calls `observer` whenever a load or save of a value ends (see `SharedStatus`), on the
  /// thread that ran it: its load or save error may have appeared or cleared.
  public func observeStatusChanges(_ observer: @escaping @Sendable () -> Void) {
    statusObservers.withLock { $0.append(observer) }
  }

  /// Runs `body`, which reads one write from outside, telling the observers of the changes it
  /// finds at once, together.
  func groupingExternalChanges(_ body: () -> Void) {
    let box = ThreadEnvironment.install()
    let outer = box.externalChangeBatch
    box.externalChangeBatch = []
    body()
    let batch = box.externalChangeBatch ?? []
    box.externalChangeBatch = outer
    if !batch.isEmpty { tellObservers(batch) }
  }

  /// What a tracked reference calls when a change came from outside the process.
  private func externalChangeReporter<Value: Sendable>()
    -> @Sendable (SharedKeyID, Value, Value) -> Void
  {
    { [weak self] id, old, new in
      self?.externalChangeHappened(SharedExternalChange(key: id, old: old, new: new))
    }
  }

  private func externalChangeHappened(_ change: SharedExternalChange) {
    if !ThreadEnvironment.addToExternalChangeBatch(change) { tellObservers([change]) }
  }

  private func tellObservers(_ changes: [SharedExternalChange]) {
    for observer in externalChangeObservers.withLock({ $0 }) { observer(changes) }
  }

  /// Puts the values as time travel to a moment whose values are `target` asks: each persisted
  /// value gets exactly `changes` (the session's own, old → new, in order) made on what it holds
  /// now — so a change another process made meanwhile is kept — and every other value becomes
  /// its value in `target`. Throws, changing nothing, when a persisted value with changes to
  /// make is not `MergeableValue`.
  public func travel(
    making changes: [(old: SharedSnapshot, new: SharedSnapshot)], to target: SharedSnapshot
  ) throws(SharedTravelError) {
    let all = allReferences()
    var perKey: [SharedKeyID: [(old: any Sendable, new: any Sendable)]] = [:]
    for change in changes {
      for (key, new) in change.new.values {
        guard let reference = all[key], reference.isPersisted, let old = change.old[key],
          !reference.isEqual(old, new)
        else { continue }
        perKey[key, default: []].append((old, new))
      }
    }
    if let key = perKey.keys.sorted().first(where: { all[$0]?.isMergeable == false }),
      let reference = all[key]
    {
      throw .notMergeable(key: key, type: String(describing: reference.valueType))
    }
    for (key, keyChanges) in perKey {
      _ = all[key]?.applyChanges(keyChanges)
    }
    for (key, reference) in all where !reference.isPersisted {
      guard let value = target[key], !reference.isEqual(reference.anyValue, value) else { continue }
      _ = reference.restore(anyValue: value)
    }
  }
}

/// A key the container does not hold.
public enum SharedKeyError: Error, CustomStringConvertible {
  case unknownKey(SharedKeyID)

  public var description: String {
    switch self {
    case let .unknownKey(key): "no shared value is called '\(key.displayName)' here"
    }
  }
}

/// A shared value that changed from outside the process: another process wrote its file (one
/// write of the app storage file may change several).
public struct SharedExternalChange: Sendable {
  /// A change of `key` from `old` to `new`.
  public init(key: SharedKeyID, old: any Sendable, new: any Sendable) {
    self.key = key
    self.old = old
    self.new = new
  }

  /// The value's key.
  public let key: SharedKeyID
  /// The value before the change.
  public let old: any Sendable
  /// The value after it.
  public let new: any Sendable
}

/// Why time travel could not put a shared value back.
public enum SharedTravelError: Error, Equatable, CustomStringConvertible {
  /// The persisted value's type cannot have a change made again on a newer value.
  case notMergeable(key: SharedKeyID, type: String)

  public var description: String {
    switch self {
    case let .notMergeable(key, type):
      "\(key.displayName) holds a \(type), whose changes cannot be made again on the value "
        + "another process may have written (only sets, arrays, dictionaries and single values "
        + "can); time travel would overwrite it, so nothing changed. Make \(type) conform to "
        + "MergeableValue."
    }
  }
}

/// Whether this process is a test runner (SwiftPM's `…PackageTests.xctest`), so that shared
/// state never reaches the user's files from a test.
enum ProcessKind {
  static let isTestProcess: Bool = {
    let executable = CommandLine.arguments.first ?? ""
    return executable.hasSuffix(".xctest")
      || ProcessInfo.processInfo.environment["XCTestSessionIdentifier"] != nil
      || ProcessInfo.processInfo.environment["DEX_TEST_PROCESS"] == "1"
  }()
}
