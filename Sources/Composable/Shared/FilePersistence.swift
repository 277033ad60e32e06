import DexPlatform
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a shared value in a JSON file that several processes may use at once.
///
/// - Loading a missing file gives the default; a file that does not decode is reported once,
///   its bytes moved to `NAME.corrupt-<timestamp>` before anything is written there.
/// - Mutations are kept as a pending list and written together shortly after (coalesced), and
///   before the process exits normally.
/// - A write takes an advisory lock (`flock` on `NAME.lock`), re-reads the file, and when another
///   process changed it, re-applies this process's pending mutations, in order, onto that value —
///   so two processes changing different elements lose nothing. Then it writes a temporary file
///   in the same directory, fsyncs it and renames it over the file: a crash leaves the old or
///   the new value, never a torn one.
/// - Another process's change is picked up without a write of ours by polling the file's stamp.
final class FilePersistence<Value: Codable & Sendable & Equatable>: SharedPersistence<Value>,
  @unchecked Sendable
{
  typealias Mutation = @Sendable (inout Value) -> Void

  private struct State {
    var defaultValue: Value?
    /// The value the file held when last read or written by us.
    var synced: Value?
    var stamp: FileStamp?
    var pending: [Mutation] = []
    var flushScheduled = false
    /// The file could not be read or moved aside: never write over it.
    var blocked = false
    var lastReported: String?
    var onChange: (@Sendable (() -> Value) -> Void)?
  }

  let path: String
  private let lockPath: String
  private let directory: String
  private let reportError: @Sendable (String) -> Void
  private let queue: DispatchQueue
  private let state = Mutex(State())
  /// How long mutations gather before one write.
  static var coalescingDelay: DispatchTimeInterval { .milliseconds(20) }

  init(url: URL, reportError: @escaping @Sendable (String) -> Void) {
    self.path = url.path
    self.lockPath = url.path + ".lock"
    self.directory = url.deletingLastPathComponent().path
    self.reportError = reportError
    self.queue = DispatchQueue(label: "dex.shared.file \(url.lastPathComponent)")
  }

  override func load(default defaultValue: Value) -> Value {
    state.withLock { $0.defaultValue = defaultValue }
    let value = queue.sync { () -> Value in
      withFileLock(creatingDirectory: false) { readFile() } ?? readFile()
    }
    FileWatcher.shared.register(self)
    return value
  }

  override func didMutate(_ mutation: @escaping Mutation, newValue: Value) {
    let schedule = state.withLock { state -> Bool in
      state.pending.append(mutation)
      guard !state.flushScheduled else { return false }
      state.flushScheduled = true
      return true
    }
    if schedule {
      queue.asyncAfter(deadline: .now() + Self.coalescingDelay) { [self] in writePending() }
    }
  }

  override func flush() {
    queue.sync { writePending() }
  }

  override func watch(_ onChange: @escaping @Sendable (() -> Value) -> Void) {
    state.withLock { $0.onChange = onChange }
  }

  /// Called by the watcher: picks up another process's change.
  func checkForExternalChange() {
    queue.async { [self] in
      let (known, blocked) = state.withLock { ($0.stamp, $0.blocked) }
      guard !blocked, FileStamp(path: path) != known else { return }
      let external = withFileLock(creatingDirectory: false) { readFile() } ?? readFile()
      publish(rebasedOn: external)
    }
  }

  // MARK: - Reading

  /// Reads and decodes the file (on the queue, ideally under the lock), recording what it held.
  private func readFile() -> Value {
    let defaultValue = state.withLock { $0.defaultValue }
    guard let defaultValue else { preconditionFailure("load(default:) sets the default first") }
    let stamp = FileStamp(path: path)
    guard stamp != nil else {
      state.withLock {
        $0.synced = defaultValue
        $0.stamp = nil
      }
      return defaultValue
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      report(.unreadable(path: path, reason: Self.reason(error)))
      state.withLock { $0.blocked = true }
      return state.withLock { $0.synced } ?? defaultValue
    }
    do {
      let value = try JSONDecoder().decode(Value.self, from: data)
      state.withLock {
        $0.synced = value
        $0.stamp = stamp
      }
      return value
    } catch {
      // Foundation says "not valid JSON" for JSON of another shape (`[1.5]` for whole numbers).
      var problem = Self.reason(error)
      if case DecodingError.dataCorrupted = error,
        (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
      {
        problem = "it is JSON, but not a \(TypeName.of(Value.self))"
      }
      moveAside(problem: problem)
      state.withLock {
        $0.synced = defaultValue
        $0.stamp = FileStamp(path: path)
      }
      return defaultValue
    }
  }

  private func moveAside(problem: String) {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    let stamp = formatter.string(from: Date()).replacingOccurrences(of: ":", with: "")
    var destination = "\(path).corrupt-\(stamp)"
    var attempt = 1
    while FileManager.default.fileExists(atPath: destination) {
      attempt += 1
      destination = "\(path).corrupt-\(stamp)-\(attempt)"
    }
    if rename(path, destination) == 0 {
      report(.corruptFile(path: path, problem: problem, movedTo: destination))
    } else {
      report(
        .corruptFileNotMoved(
          path: path, problem: problem, reason: String(cString: strerror(errno))))
      state.withLock { $0.blocked = true }
    }
  }

  // MARK: - Writing

  /// Writes the pending mutations, merged onto the file's current value (on the queue).
  private func writePending() {
    let (batch, blocked) = state.withLock { state -> ([Mutation], Bool) in
      state.flushScheduled = false
      guard !state.blocked else { return ([], true) }
      defer { state.pending.removeAll() }
      return (state.pending, false)
    }
    guard !blocked, !batch.isEmpty else { return }
    let written: Bool? = withFileLock(creatingDirectory: true) {
      let known = state.withLock { $0.stamp }
      let changedElsewhere = FileStamp(path: path) != known
      var merged = changedElsewhere ? readFile() : (state.withLock { $0.synced } ?? readFile())
      for mutation in batch { mutation(&merged) }
      guard writeAtomically(merged) else { return false }
      state.withLock {
        $0.synced = merged
        $0.stamp = FileStamp(path: path)
      }
      if changedElsewhere { publish(rebasedOn: merged) }
      return true
    }
    if written != true {
      // Keep the mutations (in order, before newer ones) for the next attempt.
      state.withLock { $0.pending.insert(contentsOf: batch, at: 0) }
    }
  }

  /// Tells the reference the value is now `base` with our still-pending mutations applied.
  private func publish(rebasedOn base: Value) {
    guard let onChange = state.withLock({ $0.onChange }) else { return }
    onChange { [self] in
      var value = base
      for mutation in state.withLock({ $0.pending }) { mutation(&value) }
      return value
    }
  }

  private func encode(_ value: Value) throws -> Data {
    if let canonical = value as? any CanonicalJSONEncodable {
      return try canonical.canonicalJSON()
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(value)
  }

  private func writeAtomically(_ value: Value) -> Bool {
    let data: Data
    do {
      data = try encode(value)
    } catch {
      report(.unwritable(path: path, reason: "the value does not encode: \(Self.reason(error))"))
      return false
    }
    do {
      try AtomicFile.write(data, to: path)
    } catch {
      report(.unwritable(path: path, reason: error.reason))
      return false
    }
    state.withLock { $0.lastReported = nil }
    return true
  }

  // MARK: - Locking and errors

  /// Runs `body` holding the exclusive advisory lock on `NAME.lock`; nil when the lock file
  /// cannot be opened (the directory is missing or not writable).
  private func withFileLock<Result>(creatingDirectory: Bool, _ body: () -> Result) -> Result? {
    if creatingDirectory, !FileManager.default.fileExists(atPath: directory) {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      } catch {
        report(.unwritable(path: path, reason: Self.reason(error)))
        return nil
      }
    }
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      if creatingDirectory {
        report(.unwritable(path: path, reason: String(cString: strerror(errno))))
      }
      return nil
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { return nil }
    }
    defer { flock(descriptor, LOCK_UN) }
    return body()
  }

  private func report(_ error: SharedStorageError) {
    let message = error.description
    let isNew = state.withLock { state -> Bool in
      guard state.lastReported != message else { return false }
      state.lastReported = message
      return true
    }
    if isNew { reportError(message) }
  }

  private static func reason(_ error: any Error) -> String {
    if let decoding = error as? DecodingError {
      switch decoding {
      case let .dataCorrupted(context): return context.debugDescription
      case let .typeMismatch(type, context):
        return "expected \(type) at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
      case let .valueNotFound(type, context):
        return "missing \(type) at \(context.codingPath.map(\.stringValue))"
      case let .keyNotFound(key, _): return "missing key '\(key.stringValue)'"
      @unknown default: return "\(decoding)"
      }
    }
    if let posix = error as? CocoaError, let underlying = posix.underlying as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    return (error as NSError).localizedDescription
  }
}

/// A value with one canonical JSON form, so files stay stable: a set is written as its
/// elements in ascending order (`[1,25]`).
protocol CanonicalJSONEncodable {
  func canonicalJSON() throws -> Data
}

extension Set: CanonicalJSONEncodable where Element: Comparable & Encodable {
  func canonicalJSON() throws -> Data {
    try JSONEncoder().encode(sorted())
  }
}
