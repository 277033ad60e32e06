import DexPlatform
import Foundation

/// The app storage file of a container: one JSON object (`{"pageSize":20}`), kept by one
/// `FilePersistence` with its lock, atomic writes, merging of another process's changes and
/// pickup of changes from outside. Each app storage key is a member, changed on its own: a write
/// re-applies this process's changes of its members onto what the file holds then, so two
/// processes changing different keys lose nothing.
final class AppStorageFile: Sendable {
  typealias Members = [String: AppStorageValue]

  /// The file's path, for messages.
  let path: String
  private let persistence: FilePersistence<Members>
  private let members: SharedReference<Members>
  private let reportError: @Sendable (String) -> Void
  private let subscribers: LockedValue<[Subscriber]>
  private let finished = LockedValue<FinishedWriting?>(nil)

  /// A key told when another process changes its member.
  private struct Subscriber: Sendable {
    let key: String
    let onChange: @Sendable (Members) -> Void
  }

  /// What `finishWriting()` found, kept for every key's own report.
  private struct FinishedWriting {
    let lost: (stored: Members, intended: Members, reason: String)?
  }

  /// The file at `url`, read now; `groupingChanges` runs the telling of the keys another
  /// process's write changed, so their changes are told together.
  init(
    url: URL, waiting: FileLockWaiting, reportError: @escaping @Sendable (String) -> Void,
    groupingChanges: @escaping @Sendable (() -> Void) -> Void = { $0() }
  ) {
    let persistence = FilePersistence<Members>(
      url: url, coding: .json, waiting: waiting, reportError: reportError)
    self.path = url.path
    self.persistence = persistence
    self.reportError = reportError
    let subscribers = LockedValue<[Subscriber]>([])
    self.subscribers = subscribers
    members = SharedReference(
      id: SharedKeyID(kind: "file", name: url.path), defaultValue: [:], persistence: persistence,
      onExternalChange: { _, old, new in
        groupingChanges {
          for subscriber in subscribers.withLock({ $0 }) where old[subscriber.key] != new[subscriber.key] {
            subscriber.onChange(new)
          }
        }
      })
  }

  /// The member `key` holds now, if any.
  func value(of key: String) -> AppStorageValue? {
    members.value[key]
  }

  /// Writes `value` as the member `key` unless the file has one (a default on first use).
  func writeIfMissing(_ key: String, _ value: AppStorageValue) {
    members.withLock { members in
      if members[key] == nil { members[key] = value }
    }
  }

  /// Changes the member `key` with `change` (given what it holds), here and in the file.
  func change(_ key: String, _ change: @escaping @Sendable (AppStorageValue?) -> AppStorageValue) {
    members.withLock { $0[key] = change($0[key]) }
  }

  /// Calls `onChange` with the members whenever another process changed the member `key`.
  func observe(_ key: String, _ onChange: @escaping @Sendable (Members) -> Void) {
    subscribers.withLock { $0.append(Subscriber(key: key, onChange: onChange)) }
  }

  /// The members the file holds now, read again.
  func storedMembers() throws -> Members? {
    try persistence.storedValue()
  }

  func flush() {
    persistence.flush()
  }

  /// Reports what is wrong with what the file holds (a member that cannot be used).
  func report(_ error: SharedStorageError) {
    reportError(error.description)
  }

  /// What could not be written at exit (see `FilePersistence.finishWriting()`), found once for
  /// every key.
  func finishWriting() -> (stored: Members, intended: Members, reason: String)? {
    finished.withLock { finished in
      if let finished { return finished.lost }
      let lost = persistence.finishWriting()
      finished = FinishedWriting(lost: lost)
      return lost
    }
  }
}
