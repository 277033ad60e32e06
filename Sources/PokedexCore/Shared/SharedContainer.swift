import Foundation
import Synchronization

/// Holds the shared values of a process, or of one test: one reference per key id.
///
/// The app uses one persistent container. Tests get a fresh in-memory container each (through
/// DexTesting's `.isolatedSharedState` trait), so no test sees another's values or the user's
/// files.
public final class SharedContainer: Sendable {
  /// Where persisted keys keep their values.
  public enum Storage: Sendable, Equatable {
    /// Files and user defaults, for real.
    case persistent
    /// Memory only: file and defaults keys behave like in-memory keys.
    case inMemory
  }

  /// How persisted keys store their values here.
  public let storage: Storage
  nonisolated(unsafe) let userDefaults: UserDefaults
  let reportError: @Sendable (String) -> Void
  private let references = Mutex<[SharedKeyID: any AnySharedReference]>([:])
  /// How to compare each key's values, kept with the references (snapshots share it).
  private nonisolated(unsafe) var equalities: [SharedKeyID: SnapshotEquality] = [:]
  private let reportsUse: Bool

  /// A container storing persisted keys as `storage` says; errors (a corrupt or unwritable file)
  /// go to `reportError`, standard error by default.
  public init(
    storage: Storage,
    userDefaults: UserDefaults = .standard,
    reportError: (@Sendable (String) -> Void)? = nil
  ) {
    self.storage = storage
    self.userDefaults = userDefaults
    self.reportError = reportError ?? { FileHandleOutput.standardError.write("dex: \($0)\n") }
    self.reportsUse = false
  }

  private init(unisolatedTestContainer: Void) {
    self.storage = .inMemory
    self.userDefaults = .standard
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

  func reference<Key: SharedKey>(for key: Key, default defaultValue: Key.Value) -> SharedReference<Key.Value> {
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
    let created = SharedReference(
      id: id, defaultValue: defaultValue, persistence: key.makePersistence(in: self))
    return references.withLock { references in
      if let raced = references[id] as? SharedReference<Key.Value> { return raced }
      references[id] = created
      equalities[id] = SnapshotEquality(reference: created)
      return created
    }
  }

  /// The current value of every shared key in the container.
  public func snapshot() -> SharedSnapshot {
    let (all, equality) = references.withLock { ($0, equalities) }
    var values: [SharedKeyID: any Sendable] = Dictionary(minimumCapacity: all.count)
    for (id, reference) in all { values[id] = reference.anyValue }
    return SharedSnapshot(values: values, equality: equality)
  }

  /// Puts back the values of `snapshot`; persisted keys write them through (an empty set
  /// writes `[]`, it never deletes a file). Keys created after the snapshot keep their values.
  public func restore(_ snapshot: SharedSnapshot) {
    let all = references.withLock { $0 }
    for (id, value) in snapshot.values {
      _ = all[id]?.restore(anyValue: value)
    }
  }

  /// The values of `snapshot` as JSON, by key, for saving a session.
  public func encode(_ snapshot: SharedSnapshot) throws -> [(key: SharedKeyID, json: Data)] {
    let all = references.withLock { $0 }
    return try snapshot.keys.compactMap { id in
      guard let reference = all[id], let value = snapshot[id] else { return nil }
      return (id, try reference.encode(value))
    }
  }

  /// A snapshot of the values saved by `encode(_:)`, matched to this container's keys by id, or
  /// by kind and file name when the data directory differs; `problems` says what was left out.
  public func decodeSnapshot(
    _ values: [(key: SharedKeyID, json: Data)]
  ) -> (snapshot: SharedSnapshot, problems: [String]) {
    let all = references.withLock { $0 }
    var decoded: [SharedKeyID: any Sendable] = [:]
    var equality: [SharedKeyID: SnapshotEquality] = [:]
    var problems: [String] = []
    for (id, json) in values {
      let reference = all[id] ?? all.values.first {
        $0.id.kind == id.kind
          && URL(fileURLWithPath: $0.id.name).lastPathComponent
            == URL(fileURLWithPath: id.name).lastPathComponent
      }
      guard let reference else {
        problems.append("shared value '\(id)' has no counterpart here; it was left out")
        continue
      }
      do {
        decoded[reference.id] = try reference.decode(json)
        equality[reference.id] = SnapshotEquality(reference: reference)
      } catch {
        problems.append("shared value '\(id)' does not decode: \(error)")
      }
    }
    return (SharedSnapshot(values: decoded, equality: equality), problems)
  }

  /// Writes every pending change of persisted keys now.
  public func flush() {
    for reference in references.withLock({ Array($0.values) }) { reference.flush() }
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
