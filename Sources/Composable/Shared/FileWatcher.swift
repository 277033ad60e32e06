import DexPlatform
import Foundation

/// Watches the files of persisted shared values for changes by other processes, and flushes
/// every pending write when the process exits normally.
///
/// On Linux the kernel tells of a change in a watched directory (inotify): the file is read
/// again at once. Every file is also checked each `interval`, which covers what notifications
/// miss: a directory that does not exist yet, the target of a symbolic link elsewhere, a file
/// system that sends none, or a system without inotify.
final class FileWatcher: Sendable {
  static let shared = FileWatcher()

  /// How often every file is checked besides notifications.
  static let interval: Duration = .milliseconds(250)
  /// How long a notified file must be quiet before it is read (at most ten times this).
  static let quietTime: Duration = .milliseconds(5)

  private struct Watched {
    weak var persistence: (any ExternalChangeChecking)?
    /// Where the file is, as directory and name: its own place, and its link target's.
    let places: [Place]
  }

  private struct Place: Hashable {
    let directory: String
    let name: String

    init(_ path: String) {
      directory = (path as NSString).deletingLastPathComponent
      name = (path as NSString).lastPathComponent
    }

    /// Whether a change of `name` in `directory` (an empty name: anything there) is this file's.
    func matches(_ change: (directory: String, name: String)) -> Bool {
      change.directory == directory && (change.name == name || change.name.isEmpty)
    }
  }

  private let watched = LockedValue<[Watched]>([])
  private let started = LockedValue(false)
  private let events = DirectoryEvents()

  func register(_ persistence: any ExternalChangeChecking) {
    let path = persistence.path
    let target = (try? FilePolicy.target(of: path)) ?? path
    let places = Array(Set([Place(path), Place(target)]))
    watched.withLock { watched in
      watched.removeAll { $0.persistence == nil }
      watched.append(Watched(persistence: persistence, places: places))
    }
    watchDirectories(of: persistence)
    let start = started.withLock { started -> Bool in
      defer { started = true }
      return !started
    }
    if start {
      atexit { FileWatcher.shared.flushAll() }
      let thread = Thread { FileWatcher.shared.watch() }
      thread.name = "dex.shared.watcher"
      thread.start()
    }
  }

  /// Asks for notifications from the directories of `persistence`'s file (now that a write
  /// made them, say); a directory already watched costs a lookup.
  func watchDirectories(of persistence: any ExternalChangeChecking) {
    guard let events else { return }
    let places = watched.withLock { watched in
      watched.first { $0.persistence === persistence }?.places ?? []
    }
    for place in places { events.watch(place.directory) }
  }

  /// Writes every pending change now.
  func flushAll() {
    for persistence in watched.withLock({ $0.compactMap(\.persistence) }) {
      persistence.flush()
    }
  }

  /// Checks the files notifications name as they come, and every file each `interval`.
  private func watch() {
    let clock = ContinuousClock()
    var nextCheckOfAll = clock.now
    while true {
      let now = clock.now
      if now >= nextCheckOfAll {
        let all = watched.withLock { $0 }
        for directory in Set(all.flatMap { $0.places.map(\.directory) }) { events?.watch(directory) }
        for file in all { file.persistence?.checkForExternalChange() }
        nextCheckOfAll = now + Self.interval
      }
      guard let events else {
        Thread.sleep(forTimeInterval: Self.seconds(nextCheckOfAll - now))
        continue
      }
      var changed = events.wait(timeout: nextCheckOfAll - clock.now)
      guard !changed.isEmpty else { continue }
      // A file is read once it has been quiet a moment: a writer that creates, then fills a
      // file (not atomically) is not caught halfway.
      let settled = clock.now + Self.quietTime * 10
      while clock.now < settled {
        let more = events.wait(timeout: Self.quietTime)
        if more.isEmpty { break }
        changed += more
      }
      for file in watched.withLock({ $0 })
      where file.places.contains(where: { place in changed.contains(where: place.matches) }) {
        file.persistence?.checkForExternalChange()
      }
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    max(0, Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
  }
}

/// A persistence the watcher can check and flush.
protocol ExternalChangeChecking: AnyObject, Sendable {
  /// The file it keeps its value in.
  var path: String { get }
  func checkForExternalChange()
  func flush()
}

extension FilePersistence: ExternalChangeChecking {}
