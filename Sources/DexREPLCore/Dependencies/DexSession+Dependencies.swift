import Composable
import ComposableInspection
import DexPlatform
import Foundation
import StoreInspector

// The clock, the generators and the app's dependencies a session overrides.
extension DexSession {
  /// The value `deps` shows for `dep NAME WORDS…` as a session file's script keeps it, nil
  /// when no dependency is called `name` or `words` spell no value of it.
  func dependencyValue(_ name: String, _ words: [String]) -> String? {
    if let dependency = DependencyTable<App>.appDependency(named: name) {
      return try? dependency.parse(words, settings.appOptions).description
    }
    guard words.count == 1 else { return nil }
    switch name {
    case "uuid": return SessionGenerators.UUIDMode(rawValue: words[0])?.rawValue
    case "date": return SessionGenerators.DateMode(rawValue: words[0])?.rawValue
    default: return nil
    }
  }

  /// Uses `mode` for effects started from now on.
  func setClock(_ mode: ClockMode) {
    clockMode = mode
    let manualClock = manualClock
    store.updateDependencies { $0.clock = Self.clock(mode, manual: manualClock) }
  }

  /// Overrides the app's dependency `name` with `setting` for actions processed from now on.
  func setDependency(_ name: String, _ setting: DependencyOverride.Setting) {
    store.updateDependencies { setting.update(&$0) }
    describedDependencies.withLock { $0[name] = setting.description }
  }

  /// Makes UUIDs as `mode` says from now on; `incrementing` counts on after the highest
  /// counting UUID the session's reducers made, on any branch (never `…0001` again after an
  /// import or a switch back from random: a team member would be added with an id another has).
  func setUUIDs(_ mode: SessionGenerators.UUIDMode) {
    generators.setUUIDs(mode, countingAfter: mode == .incrementing ? highestCountingUUID() : 0)
    describedDependencies.withLock { $0["uuid"] = mode.rawValue }
  }

  /// Counts stack element ids on after the highest the entries up to the cursor took: a branch
  /// started here numbers its pushes as a replay of it does (a popped screen's effects ended
  /// when the session moved, so no effect answers a reused id).
  func countStackElementIDsFromCursor() {
    let next = kept.withLock { kept -> Int in
      let current = kept.history.currentEntry
      guard current != .initial else { return 0 }
      var highest = -1
      for entry in kept.history.log {
        for case let .stackElementID(generation) in entry.recorded {
          highest = max(highest, generation)
        }
        if entry.id == current { break }
      }
      return highest + 1
    }
    generators.stackElementID.reset(to: next)
  }

  /// The highest N of a `UUID(counting: N)` recorded in the history; 0 when none.
  func highestCountingUUID() -> UInt64 {
    kept.withLock { kept in
      var highest: UInt64 = 0
      for entry in kept.history.allEntries {
        for case let .uuid(uuid) in entry.recorded { highest = max(highest, uuid.countingValue ?? 0) }
      }
      return highest
    }
  }

  /// Tells the date as `mode` says from now on.
  func setDates(_ mode: SessionGenerators.DateMode) {
    generators.setDates(mode)
    describedDependencies.withLock { $0["date"] = mode.rawValue }
  }


  static func clock(_ mode: ClockMode, manual: ManualClock) -> any Clock<Duration> {
    switch mode {
    case .live: ContinuousClock()
    case .immediate: ImmediateClock()
    case .manual: manual
    }
  }
}
