import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// Shared values: their names, the diffs that call them so, and changes the session makes.
extension DexSession {
  func diff(from before: StoreMoment<State>, to after: StoreMoment<State>) -> MomentDiff {
    named(
      momentDiff(before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared),
      in: after.state)
  }

  /// `diff` with its unnamed shared values called by their owners' paths in `state`.
  func named(_ diff: MomentDiff, in state: State) -> MomentDiff {
    let unnamed = diff.unnamedKeys
    return unnamed.isEmpty ? diff : diff.named(naming.names(of: unnamed, in: state))
  }

  /// What `key`'s value is called: `todos.json`, `appStorage:pageSize`, `settings.owner`.
  func sharedName(of key: SharedKeyID) -> String {
    naming.name(of: key, in: store.state)
  }

  /// The key of the shared value called `name` (see `SharedNaming.key(named:among:in:)`).
  func sharedKey(named name: String) -> SharedKeyID? {
    naming.key(named: name, among: store.sharedContainer.keys, in: store.state)
  }

  /// What `restore NAME` did.
  enum RestoreOutcome: Equatable {
    /// The value lives in memory only here: there is no file to write.
    case notPersisted
    /// The file already holds the session's value.
    case alreadyStored
    /// The file's value was recorded as an external entry, then the session's value written as
    /// an entry of the session's own.
    case restored
  }

  /// Writes the session's value of `key` (what memory holds: an imported session's) to its
  /// file as this session's own change, which time travel undoes: first what the file holds
  /// is recorded as an external entry, then the change back to the session's value as an entry
  /// of its own, made on the file as any change of the session is.
  func restoreShared(_ key: SharedKeyID) throws -> RestoreOutcome {
    let container = store.sharedContainer
    container.flush()
    guard container.isPersisted(key), let stored = try container.storedValue(of: key),
      let value = container.snapshot()[key]
    else { return .notPersisted }
    let now = container.snapshot()
    let asStored = now.replacingValue(of: key, with: stored)
    guard asStored != now else { return .alreadyStored }
    _ = container.hold(asStored)
    recordExternal([SharedExternalChange(key: key, old: value, new: stored)])
    try container.travel(making: [(old: asStored, new: now)], to: now)
    record(.restore(SharedExternalChange(key: key, old: stored, new: value)), origin: .sent)
    return .restored
  }

  /// Sets a shared value from the session (`shared NAME = VALUE`): before anything is recorded
  /// it becomes the starting value; after, the change is an external entry, as if another
  /// process had written it. Returns whether it became the starting value.
  func setShared(_ key: SharedKeyID, to value: any Sendable) -> Bool {
    let container = store.sharedContainer
    let isStart = kept.withLock { kept -> Bool in
      guard kept.history.count == 0 else { return false }
      container.replaceValue(of: key, with: value)
      kept.history = Self.history(
        startingAt: StoreMoment(state: store.state, shared: container.snapshot()), store: store,
        settings: settings)
      return true
    }
    guard !isStart else { return true }
    guard let old = container.snapshot()[key] else { return false }
    container.replaceValue(of: key, with: value)
    recordExternal([SharedExternalChange(key: key, old: old, new: value)])
    return false
  }

  /// Prints the load and save errors of shared values that appeared or cleared since they were
  /// last shown: under the entry just printed, or when a load or save ends.
  func emitStatusChanges() {
    let lines = statusWatch.changes(in: store.sharedContainer, naming: sharedName)
    guard !lines.isEmpty else { return }
    emitText(lines.map { "  \($0)\n" }.joined())
  }
}
