import DexPlatform
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a shared value in a JSON file that several processes may use at once.
///
/// - Loading a missing or empty file gives the default. A file that holds no value (not JSON,
///   JSON of the wrong kind, or over `maximumSize`) is reported once, its bytes moved to
///   `NAME.corrupt-<timestamp>` before anything is written there. Files are read and written
///   as `FilePolicy` says: regular files only, symbolic links written through.
/// - Mutations are kept as a pending list. The first is written at once (those a reducer makes
///   when it ends, so one action's changes are one write); those that follow within
///   `FileWriteTiming.coalescingDelay` of a write are written together after it (coalesced).
///   What is pending is written before the process exits normally.
/// - A write takes an advisory lock (`flock` on `NAME.lock`), re-reads the file, and when another
///   process changed it, re-applies this process's pending mutations, in order, onto that value —
///   so two processes changing different elements lose nothing. Then it replaces the file in
///   one step (`FilePolicy.write`). Reads need no lock: they see one whole version.
/// - A lock held by another process is waited for as `FileLockWaiting` says: announced after
///   a second, given up after ten. Mutations that could not be written (a lock given up, a
///   file that cannot be read, a directory that cannot be written) stay pending and are retried
///   on every change, when the file changes, and at exit; after a lock was given up, also every
///   quarter second without waiting, so they are written once it is free. Once it works they
///   are made on what the file holds then, like another process's write. The wait at exit is
///   announced again, whatever was given up before; what is still pending then is handed back
///   by `finishWriting()` for the program to report.
/// - Another process's change is picked up without a write of ours when `FileWatcher` says the
///   file changed (a notification from the kernel, or a check every quarter second). The file
///   holds the version recorded last only while its stamp (for our own write, taken from the
///   written file's descriptor) and its bytes are that version's.
final class FilePersistence<Value: Sendable & Equatable>: SharedPersistence<Value>,
  @unchecked Sendable
{
  typealias Mutation = @Sendable (inout Value) -> Void

  private struct State {
    var defaultValue: Value?
    /// The value the file held when last read or written by us; nil while it cannot be read.
    var synced: Value?
    var stamp: FileStamp?
    /// The bytes of that version, when they are known.
    var bytes: Data?
    var pending: [Mutation] = []
    var flushScheduled = false
    /// When the last write started, for coalescing the writes that follow it.
    var lastWrite: ContinuousClock.Instant?
    /// Why the pending mutations are not written: the last failure, for the report at exit.
    var problem: SharedStorageError?
    var lastReported: String?
    /// Set when a wait for the lock gave up, until the lock is had: later waits stay quiet.
    var lockGivenUp = false
    /// Whether a try for the lock given up on is scheduled.
    var retryScheduled = false
    /// Waits for the lock give up by then (a flush bounds every wait).
    var deadline: ContinuousClock.Instant?
    /// Whether a thread is blocked until this persistence is done (at start, in a flush), so
    /// that Ctrl-C may stop a wait for the lock.
    var isBlockingCaller = false
    /// Whether the process is ending (`finishWriting()`): what is not written is reported then.
    var isFinishing = false
    var onChange: (@Sendable (() -> Value) -> Void)?
    /// Why the file held no value at the last read (cleared by a read or write that succeeds).
    var loadError: SharedStorageError?
    /// Why the last write failed (cleared by one that succeeds).
    var saveError: SharedStorageError?
  }

  let path: String
  private let lockPath: String
  private let directory: String
  private let waiting: FileLockWaiting
  private let reportError: @Sendable (String) -> Void
  private let queue: DispatchQueue
  private let state = LockedValue(State())
  /// When writes are made (`FileWriteTiming`).
  private let timing: FileWriteTiming
  /// The largest file read as a value (1 MiB); a larger one is corrupt by size.
  static var maximumSize: Int { 1_048_576 }
  /// How often a wait for the lock tries again.
  private static var lockRetryInterval: Double { 0.02 }
  /// How often the lock is tried again, without waiting, after a wait for it gave up.
  static var givenUpRetryInterval: DispatchTimeInterval { .milliseconds(250) }

  /// How the file's bytes become a value and back.
  private let coding: FileCoding<Value>

  init(
    url: URL, coding: FileCoding<Value>, waiting: FileLockWaiting = FileLockWaiting(),
    timing: FileWriteTiming = FileWriteTiming(),
    reportError: @escaping @Sendable (String) -> Void
  ) {
    self.coding = coding
    self.timing = timing
    self.path = url.path
    self.lockPath = url.path + ".lock"
    self.directory = url.deletingLastPathComponent().path
    self.waiting = waiting
    self.reportError = reportError
    self.queue = DispatchQueue(label: "dex.shared.file \(url.lastPathComponent)")
  }

  override func load(default defaultValue: Value) -> Value {
    state.withLock { $0.defaultValue = defaultValue }
    let value = blockingCaller { queue.sync { currentValue(holdingLock: false) } }
    FileWatcher.shared.register(self)
    return value ?? defaultValue
  }

  override func didMutate(_ mutation: @escaping Mutation, newValue: Value) {
    let wait = state.withLock { state -> DispatchTimeInterval? in
      state.pending.append(mutation)
      guard !state.flushScheduled else { return nil }
      state.flushScheduled = true
      return timing.wait(after: state.lastWrite)
    }
    guard let wait else { return }
    let write = { [self] in
      queue.asyncAfter(deadline: .now() + wait) { [self] in writePending() }
    }
    // Inside a reduce, once it ends: the changes one action makes to this file are one write.
    if !ThreadEnvironment.runAfterReduce(write) { write() }
  }

  /// Writes the pending mutations now, waiting for the lock at most `waiting.timeout` in all
  /// (a wait already under way is cut short too).
  override func flush() {
    let deadline = ContinuousClock.now + waiting.timeout
    state.withLock { $0.deadline = deadline }
    blockingCaller { queue.sync { writePending() } }
    state.withLock { $0.deadline = nil }
  }

  override func finishWriting() -> (stored: Value, intended: Value, reason: String)? {
    // The report at exit says what a lock given up on cost; the line at the give-up would not.
    state.withLock { $0.isFinishing = true }
    flush()
    // A write still queued behind (a change made just before) tries the lock once, no more.
    state.withLock { $0.deadline = ContinuousClock.now }
    return queue.sync {
      state.withLock { state -> (stored: Value, intended: Value, reason: String)? in
        defer { state.pending.removeAll() }
        guard !state.pending.isEmpty, let stored = state.synced ?? state.defaultValue else {
          return nil
        }
        var intended = stored
        for mutation in state.pending { mutation(&intended) }
        guard intended != stored else { return nil }
        return (stored, intended, state.problem?.cause ?? "it was not written yet")
      }
    }
  }

  /// Reads the file without the queue, so a write waiting there for the lock does not delay it.
  override func storedValue() throws -> Value? {
    guard let defaultValue = state.withLock({ $0.defaultValue }) else { return nil }
    switch readFile() {
    case let .value(value, _, _): return value
    case .missing: return defaultValue
    case let .unreadable(error, _): throw error
    case let .corrupt(problem, _): throw SharedStorageError.holdsNoValue(path: path, problem: problem)
    }
  }

  override func watch(_ onChange: @escaping @Sendable (() -> Value) -> Void) {
    state.withLock { $0.onChange = onChange }
  }

  override var loadError: (any Error)? { state.withLock { $0.loadError } }

  override var saveError: (any Error)? { state.withLock { $0.saveError } }

  /// Reads the file again now; what it holds (with the pending changes made on it) becomes the
  /// value. False when there is no file (the value is left as it is); throws what kept it from
  /// being read.
  override func reload() async throws -> Bool {
    let reading = await withCheckedContinuation { continuation in
      queue.async { [self] in
        let value = currentValue(holdingLock: false)
        if let value { publish(rebasedOn: value) }
        let found = FileStamp(path: path) != nil
        continuation.resume(returning: (value != nil, found, state.withLock { $0.loadError }))
      }
    }
    if let error = reading.2 { throw error }
    return reading.0 && reading.1
  }

  override func loadStored() async throws -> Value? {
    switch readFile() {
    case let .value(value, _, _): return value
    case .missing: return nil
    case let .unreadable(error, _): throw SharedStorageError.unreadable(error)
    case let .corrupt(problem, _): throw SharedStorageError.holdsNoValue(path: path, problem: problem)
    }
  }

  /// Writes what is pending now; throws why it could not.
  override func save(_ value: Value) async throws {
    let error = await withCheckedContinuation { continuation in
      queue.async { [self] in
        writePending()
        continuation.resume(returning: state.withLock { $0.pending.isEmpty ? nil : $0.problem })
      }
    }
    if let error { throw error }
  }

  /// Called by the watcher: picks up another process's change, and writes what is pending
  /// once the file can be read again.
  func checkForExternalChange() {
    queue.async { [self] in
      defer { statusMayHaveChanged() }
      guard !holdsRecordedVersion(), let external = currentValue(holdingLock: false) else {
        return
      }
      publish(rebasedOn: external)
      // Only onto a value the file holds: a missing or empty file may be one another writer
      // is about to create or fill without the lock, and a write now would replace it and lose
      // what it writes. Then its next change, the next toggle or a flush writes what is pending.
      let holdsValue = (FileStamp(path: path)?.size ?? 0) > 0
      if holdsValue, state.withLock({ !$0.pending.isEmpty && !$0.flushScheduled }) {
        writePending()
      }
    }
  }

  // MARK: - Reading

  /// What reading the file found.
  private enum Reading {
    case value(Value, FileStamp?, Data)
    /// No file, or an empty one: the default.
    case missing(FileStamp?)
    case unreadable(FilePolicyError, FileStamp?)
    case corrupt(SharedFileProblem, FileStamp?)
  }

  /// Reads and decodes the file, changing nothing. The stamp is taken before the read: when the
  /// file is replaced meanwhile, the stamp is older than what was read, and the next check reads
  /// the file again (a stamp newer than what was read would hide a change).
  private func readFile() -> Reading {
    let stamp = FileStamp(path: path)
    let data: Data
    do {
      data = try FilePolicy.read(path, maximumSize: Self.maximumSize)
    } catch {
      if error.isMissing { return .missing(nil) }
      if case let .tooLarge(size, limit) = error.problem {
        return .corrupt(.tooLarge(size: size, limit: limit), stamp)
      }
      return .unreadable(error, stamp)
    }
    if data.isEmpty { return .missing(stamp) }
    if coding.isJSON {
      do {
        try StrictJSON.check(data)
      } catch {
        return .corrupt(.invalidJSON(error), stamp)
      }
    }
    do {
      return .value(try coding.decode(data), stamp, data)
    } catch {
      var detail = Self.reason(error)
      if detail.hasSuffix(".") { detail.removeLast() }
      return .corrupt(.wrongKind(type: "\(Value.self)", detail: detail), stamp)
    }
  }

  /// Reads the file (on the queue) and records what it held; nil, reported, when it cannot be
  /// read. A corrupt file is moved aside under the lock and reads as the default.
  private func currentValue(holdingLock: Bool) -> Value? {
    guard let defaultValue = state.withLock({ $0.defaultValue }) else {
      preconditionFailure("load(default:) sets the default first")
    }
    switch readFile() {
    case let .value(value, stamp, bytes):
      record(value, stamp: stamp, bytes: bytes)
      state.withLock { $0.loadError = nil }
      return value
    case let .missing(stamp):
      record(defaultValue, stamp: stamp, bytes: stamp == nil ? nil : Data())
      state.withLock { $0.loadError = nil }
      return defaultValue
    case let .unreadable(error, stamp):
      state.withLock {
        $0.synced = nil
        $0.stamp = stamp
        $0.bytes = nil
        $0.loadError = .unreadable(error)
      }
      fail(.unreadable(error))
      return nil
    case let .corrupt(problem, stamp):
      guard holdingLock else {
        // Another process may be replacing it right now: decide under the lock.
        if let locked = withFileLock({ currentValue(holdingLock: true) }) { return locked }
        state.withLock {
          $0.synced = nil
          $0.stamp = stamp
          $0.bytes = nil
        }
        let reason = state.withLock { $0.problem?.cause } ?? "its lock could not be taken"
        let error = SharedStorageError.corruptFileNotMoved(
          path: path, problem: problem, reason: reason)
        state.withLock { $0.loadError = error }
        fail(error)
        return nil
      }
      guard moveAside(problem: problem, stamp: stamp) else { return nil }
      // Nothing is there now; a file that appears meanwhile is another writer's, and new.
      record(defaultValue, stamp: nil, bytes: nil)
      return defaultValue
    }
  }

  private func record(_ value: Value, stamp: FileStamp?, bytes: Data?) {
    state.withLock {
      $0.synced = value
      $0.stamp = stamp
      $0.bytes = bytes
      $0.lastReported = nil
    }
  }

  /// Whether the file still holds the version recorded last: its stamp and, when they are known,
  /// its bytes. A stamp alone can match another writer's file: the inode of a replaced version
  /// is soon given to the next file made, and a coarse clock can give that file the same
  /// modification time (and the same size is common).
  private func holdsRecordedVersion() -> Bool {
    let (stamp, bytes) = state.withLock { ($0.stamp, $0.bytes) }
    guard FileStamp(path: path) == stamp else { return false }
    guard let bytes else { return true }
    return (try? FilePolicy.read(path, maximumSize: Self.maximumSize)) == bytes
  }

  /// Moves the file's bytes (through a symbolic link, the target's) to `NAME.corrupt-<time>`;
  /// `stamp` is the version read, kept when it cannot be moved.
  private func moveAside(problem: SharedFileProblem, stamp readStamp: FileStamp?) -> Bool {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    let stamp = formatter.string(from: Date()).replacingOccurrences(of: ":", with: "")
    let target = (try? FilePolicy.target(of: path)) ?? path
    var destination = "\(target).corrupt-\(stamp)"
    var attempt = 1
    while FileManager.default.fileExists(atPath: destination) {
      attempt += 1
      destination = "\(target).corrupt-\(stamp)-\(attempt)"
    }
    guard rename(target, destination) == 0 else {
      let reason = FilePolicyError.describe(errno)
      let error = SharedStorageError.corruptFileNotMoved(
        path: path, problem: problem, reason: reason)
      state.withLock {
        $0.synced = nil
        $0.stamp = readStamp
        $0.bytes = nil
        $0.loadError = error
      }
      fail(error)
      return false
    }
    let error = SharedStorageError.corruptFile(path: path, problem: problem, movedTo: destination)
    state.withLock { $0.loadError = error }
    report(error)
    return true
  }

  // MARK: - Writing

  /// Writes the pending mutations, made on the file's current value (on the queue). They stay
  /// pending when anything fails; when the wait for the lock gave up, the lock is tried again
  /// later (`scheduleRetryOfGivenUpLock`).
  private func writePending(waitingForLock: Bool = true) {
    defer {
      scheduleRetryOfGivenUpLock()
      statusMayHaveChanged()
    }
    let batch = state.withLock { state -> [Mutation] in
      state.flushScheduled = false
      if !state.pending.isEmpty { state.lastWrite = timing.now() }
      return state.pending
    }
    guard !batch.isEmpty else { return }
    do {
      try FilePolicy.createDirectories(directory, mode: 0o777, for: path)
    } catch {
      fail(.unwritable(error))
      return
    }
    withFileLock(waiting: waitingForLock) {
      let synced = state.withLock { $0.synced }
      let changedElsewhere = synced == nil || !holdsRecordedVersion()
      guard var merged = changedElsewhere ? currentValue(holdingLock: true) : synced else {
        return
      }
      for mutation in batch { mutation(&merged) }
      guard let written = write(merged) else { return }
      FileWatcher.shared.watchDirectories(of: self)
      state.withLock {
        $0.synced = merged
        $0.stamp = written.stamp
        $0.bytes = written.bytes
        $0.pending.removeFirst(batch.count)
        $0.problem = nil
        $0.lastReported = nil
        // The file holds a value again: whatever a read found wrong is over.
        $0.loadError = nil
        $0.saveError = nil
      }
      if changedElsewhere { publish(rebasedOn: merged) }
    }
  }

  /// After a wait for the lock gave up with mutations pending, tries the lock again in a
  /// while, without waiting: what is pending is written once it is free, not at some later
  /// change. At exit `finishWriting()` waits for it instead.
  private func scheduleRetryOfGivenUpLock() {
    let schedules = state.withLock { state -> Bool in
      guard state.lockGivenUp, !state.pending.isEmpty, !state.isFinishing,
        !state.retryScheduled
      else { return false }
      state.retryScheduled = true
      return true
    }
    guard schedules else { return }
    queue.asyncAfter(deadline: .now() + Self.givenUpRetryInterval) { [self] in
      let tries = state.withLock { state -> Bool in
        state.retryScheduled = false
        return state.lockGivenUp && !state.isFinishing && !state.flushScheduled
      }
      if tries { writePending(waitingForLock: false) }
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
    try coding.encode(value)
  }

  /// Writes `value`; the stamp and bytes of the version written, or nil (reported) when it was
  /// not.
  private func write(_ value: Value) -> (stamp: FileStamp, bytes: Data)? {
    let data: Data
    do {
      data = try encode(value)
    } catch {
      fail(.unencodable(path: path, reason: Self.reason(error)))
      return nil
    }
    do {
      return (FileStamp(try FilePolicy.write(data, to: path)), data)
    } catch {
      fail(.unwritable(error))
      return nil
    }
  }

  // MARK: - Locking and errors

  /// Runs `body` holding the exclusive advisory lock on `NAME.lock`; nil, reported, when the
  /// lock file cannot be used or the wait for it gave up. Without `waiting`, a held lock gives
  /// up at once, quietly (a retry after a wait gave up).
  @discardableResult
  private func withFileLock<Result>(waiting: Bool = true, _ body: () -> Result) -> Result? {
    let descriptor: Int32
    do {
      descriptor = try FilePolicy.openLock(lockPath)
    } catch {
      fail(.lockUnusable(error))
      return nil
    }
    defer { close(descriptor) }
    if !waiting {
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
      state.withLock { $0.lockGivenUp = false }
    } else {
      guard waitForLock(descriptor) else { return nil }
    }
    defer { flock(descriptor, LOCK_UN) }
    return body()
  }

  /// Takes the lock, waiting as `waiting` says; false when the wait gave up.
  private func waitForLock(_ descriptor: Int32) -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    var announced = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        fail(.lockUnusable(FilePolicyError(.lock, lockPath, .system(errorNumber: errno))))
        return false
      }
      let (deadline, isBlockingCaller, quiet, isFinishing) = state.withLock {
        ($0.deadline, $0.isBlockingCaller, $0.lockGivenUp, $0.isFinishing)
      }
      let now = clock.now
      let stopped = isBlockingCaller && waiting.isInterrupted()
      if stopped || now - start >= waiting.timeout || deadline.map({ now >= $0 }) == true {
        let error: SharedStorageError =
          stopped ? .lockWaitStopped(lockPath: lockPath) : .lockTimedOut(lockPath: lockPath)
        // At the end the report of what is lost says it; before, a stop is always said.
        fail(error, quietly: isFinishing || quiet && !stopped)
        state.withLock { state in
          state.lockGivenUp = true
          // Ctrl-C stops the rest of the flush too: its other waits give up at once.
          if stopped, state.deadline != nil { state.deadline = now }
        }
        return false
      }
      // The wait at exit is said again: the process is not hanging, it waits.
      if !announced, !quiet || isFinishing, now - start >= waiting.notice {
        report(.waitingForLock(lockPath: lockPath))
        announced = true
      }
      Thread.sleep(forTimeInterval: Self.lockRetryInterval)
    }
    state.withLock { $0.lockGivenUp = false }
    return true
  }

  /// Runs `body` with the caller's thread waiting for it, so Ctrl-C may stop a wait.
  private func blockingCaller<Result>(_ body: () -> Result) -> Result {
    state.withLock { $0.isBlockingCaller = true }
    defer { state.withLock { $0.isBlockingCaller = false } }
    return body()
  }

  /// Records why the pending mutations are not written, and reports it; a quiet failure (the
  /// same lock still held) keeps the reason first reported.
  private func fail(_ error: SharedStorageError, quietly: Bool = false) {
    state.withLock { state in
      if !quietly || state.problem == nil { state.problem = error }
      if error.isWriteFailure { state.saveError = error }
    }
    if !quietly { report(error) }
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
    guard let decoding = error as? DecodingError else {
      return (error as NSError).localizedDescription
    }
    // Foundation says "not valid JSON" of valid JSON whose number does not fit the type (the
    // bytes passed the strict JSON check before they were decoded).
    if case let .dataCorrupted(context) = decoding,
      context.debugDescription == "The given data was not valid JSON."
    {
      return "a number in it does not fit: a fraction, or out of range"
    }
    return decoding.summary
  }
}

/// A value with one canonical JSON form, so files stay stable: a set is written as its
/// elements in ascending order (`[1,25]`).
protocol CanonicalJSONEncodable {
  func canonicalJSON() throws -> Data
}

extension Set: CanonicalJSONEncodable where Element: Comparable & Encodable {
  func canonicalJSON() throws -> Data {
    // A set of ids, written on every change of its file: the bytes `JSONEncoder`
    // writes, without its generic sort and encoding.
    if let integers = self as? Set<Int> { return Self.json(ascending: integers.sorted()) }
    return try JSONEncoder().encode(sorted())
  }

  /// `[1,25]`: the integers as `JSONEncoder` writes an array of them.
  static func json(ascending integers: [Int]) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(integers.count * 5 + 2)
    bytes.append(UInt8(ascii: "["))
    for (position, integer) in integers.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: String(integer).utf8)
    }
    bytes.append(UInt8(ascii: "]"))
    return Data(bytes)
  }
}
