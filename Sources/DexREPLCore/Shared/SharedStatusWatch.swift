import Composable
import DexPlatform

/// The loading and saving of the session's shared values as last shown, so that the entry
/// printed after a load error appears, or clears, says so.
final class SharedStatusWatch: Sendable {
  private let shown = LockedValue<[SharedKeyID: SharedStatus]>([:])

  /// A watch that takes `container`'s statuses now as already shown.
  init(_ container: SharedContainer) {
    shown.withLock { $0 = container.unclearStatuses() }
  }

  /// The lines saying which errors appeared or cleared in `container` since the last call,
  /// each value called by `name`: `todos.json loadError: …`, `todos.json loadError
  /// cleared`.
  func changes(in container: SharedContainer, naming name: (SharedKeyID) -> String) -> [String] {
    let now = container.unclearStatuses()
    let before = shown.withLock { shown in
      defer { shown = now }
      return shown
    }
    guard !before.isEmpty || !now.isEmpty else { return [] }
    return Set(before.keys).union(now.keys).sorted().flatMap { key in
      let old = before[key] ?? SharedStatus()
      let new = now[key] ?? SharedStatus()
      return SharedStatusText.changes(of: name(key), from: old, to: new)
    }
  }
}

/// How `shared NAME` and entries word a shared value's loading and saving.
enum SharedStatusText {
  /// `loadError: …`, `saveError: …` and `isLoading: true`, those that apply.
  static func lines(_ status: SharedStatus) -> [String] {
    (status.loadError.map { ["loadError: \($0)"] } ?? [])
      + (status.saveError.map { ["saveError: \($0)"] } ?? [])
      + (status.isLoading ? ["isLoading: true"] : [])
  }

  /// The load errors of the value called `name` that appeared, changed or cleared from `old`
  /// to `new`. Save errors are left to `shared NAME`: a write runs in the background and its
  /// failure is already a warning saying what is kept and retried, so a line here would repeat
  /// it at no fixed place in the output.
  static func changes(of name: String, from old: SharedStatus, to new: SharedStatus) -> [String] {
    func change(_ label: String, _ old: String?, _ new: String?) -> [String] {
      switch (old, new) {
      case let (_, new?) where new != old: ["\(name) \(label): \(new)"]
      case (_?, nil): ["\(name) \(label) cleared"]
      default: []
      }
    }
    return change("loadError", old.loadError, new.loadError)
  }
}
