import Composable
import StoreInspector

/// The session's short names of running effects: `e1`, `e2`… counting up per session, given
/// to each effect task when it first outlives a command (or is listed), in the order they
/// started. A script therefore names the same effects the same way every run.
struct EffectNumbering {
  private var numbers: [UInt64: Int] = [:]
  private var count = 0
  /// The entry that started each effect named so far, by number (the first is number 1):
  /// `record` numbers again those its replay starts.
  /// None for one named before an import (its entry is not in the imported history).
  private(set) var startingEntries: [EntryID?] = []

  /// The number of each of `running` (the store's tasks, in start order), numbering new ones,
  /// each started by the entry `startedBy` says; tasks no longer running are forgotten.
  mutating func number(
    _ running: [RunningEffect], startedBy: (RunningEffect) -> EntryID
  ) -> [(effect: RunningEffect, number: Int)] {
    let ids = Set(running.map(\.id))
    numbers = numbers.filter { ids.contains($0.key) }
    return running.map { effect in
      if let number = numbers[effect.id] { return (effect, number) }
      count += 1
      numbers[effect.id] = count
      startingEntries.append(startedBy(effect))
      return (effect, count)
    }
  }

  /// Goes on from an imported session's effects, started by `entries` (the first is number 1),
  /// so that its commands keep naming them: the next effect named is number `entries.count + 1`.
  mutating func continueNumbering(after entries: [EntryID?]) {
    startingEntries = entries
    count = entries.count
  }

  /// Forgets which entries started the effects named so far (an import replaced them).
  mutating func forgetStartingEntries() {
    startingEntries = startingEntries.map { _ in nil }
  }

  /// The number `id` was given, while it is remembered.
  func number(of id: UInt64) -> Int? {
    numbers[id]
  }
}
