import DexPlatform
import Foundation
import Synchronization

/// Polls the files of persisted shared values for changes by other processes, and flushes
/// every pending write when the process exits normally.
final class FileWatcher: Sendable {
  static let shared = FileWatcher()

  /// How often files are checked; another process's change is seen within this interval.
  static let interval: Duration = .milliseconds(250)

  private struct Watched {
    weak var persistence: (any ExternalChangeChecking)?
  }

  private let watched = Mutex<[Watched]>([])
  private let started = Mutex(false)

  func register(_ persistence: any ExternalChangeChecking) {
    watched.withLock { watched in
      watched.removeAll { $0.persistence == nil }
      watched.append(Watched(persistence: persistence))
    }
    let start = started.withLock { started -> Bool in
      defer { started = true }
      return !started
    }
    if start {
      atexit { FileWatcher.shared.flushAll() }
      let thread = Thread { FileWatcher.shared.poll() }
      thread.name = "dex.shared.watcher"
      thread.start()
    }
  }

  /// Writes every pending change now.
  func flushAll() {
    for persistence in watched.withLock({ $0.compactMap(\.persistence) }) {
      persistence.flush()
    }
  }

  private func poll() {
    while true {
      Thread.sleep(forTimeInterval: Double(Self.interval.components.attoseconds) / 1e18)
      for persistence in watched.withLock({ $0.compactMap(\.persistence) }) {
        persistence.checkForExternalChange()
      }
    }
  }
}

/// A persistence the watcher can check and flush.
protocol ExternalChangeChecking: AnyObject, Sendable {
  func checkForExternalChange()
  func flush()
}

extension FilePersistence: ExternalChangeChecking {}
