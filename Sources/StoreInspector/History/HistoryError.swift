/// Why a `History` could not do what was asked; `description` says what was wrong and what to do.
public enum HistoryError: Error, Sendable, Equatable {
  /// No entry has this number; `last` is the newest entry.
  case noSuchEntry(EntryID, last: EntryID)
  /// The entry was folded into the initial moment by the history limit.
  case foldedEntry(EntryID)
  /// The entry was left out of an imported session because its action no longer decodes.
  case notImported(EntryID)
  /// `back(requested)` found only `available` steps before the cursor.
  case cannotGoBack(requested: Int, available: Int)
  /// `forward(requested)` found only `available` steps after the cursor on the current branch.
  case cannotGoForward(requested: Int, available: Int)
  /// No branch has this number; `count` branches exist.
  case noSuchBranch(Int, count: Int)
  /// Entry 0 is the initial moment, not an action, so it cannot be skipped.
  case cannotSkipInitialMoment
  /// No entry has this number to skip (or unskip); `last` is the newest entry.
  case noSuchEntryToSkip(EntryID, last: EntryID, skipping: Bool)
  /// The entry is not on the current branch, whose later states skipping recomputes; `branch` is
  /// the first branch that holds it.
  case skipOffCurrentBranch(EntryID, branch: Int, skipping: Bool)
}

extension HistoryError: CustomStringConvertible {
  /// One sentence: what was wrong, then what to do.
  public var description: String {
    switch self {
    case .noSuchEntry(let entry, let last):
      last.number == 0
        ? "There is no entry \(entry) because nothing has been recorded yet; send an action first."
        : "There is no entry \(entry); choose an entry from 0 to \(last)."
    case .foldedEntry(let entry):
      "Entry \(entry) was folded into the initial moment by the history limit; choose entry 0 "
        + "or a later one."
    case .notImported(let entry):
      "Entry \(entry) was left out when the session was imported because its action no longer "
        + "decodes; choose another entry."
    case .cannotGoBack(let requested, let available):
      available == 0
        ? "Already at the start of history; go forward or jump to an entry instead."
        : "Can't go back \(steps(requested)): the cursor is \(steps(available)) from the start; "
          + "go back at most \(available)."
    case .cannotGoForward(let requested, let available):
      available == 0
        ? "Already at the end of this branch; go back, jump to an entry or switch branch instead."
        : "Can't go forward \(steps(requested)): the branch ends \(steps(available)) ahead; go "
          + "forward at most \(available)."
    case .noSuchBranch(let number, let count):
      count == 0
        ? "There is no branch \(number) because nothing has been recorded yet; send an action "
          + "first."
        : "There is no branch \(number); choose a branch from 1 to \(count)."
    case .cannotSkipInitialMoment:
      "Entry 0 is the initial moment, not an action, so it can't be skipped; skip an entry from "
        + "1 on."
    case .noSuchEntryToSkip(let entry, let last, let skipping):
      last.number == 0
        ? "There is no entry \(entry) because nothing has been recorded yet; send an action first."
        : "There is no entry \(entry); \(skipping ? "skip" : "unskip") an entry from 1 to \(last)."
    case .skipOffCurrentBranch(let entry, let branch, let skipping):
      "Entry \(entry) is on branch \(branch), not on the current one; 'branch \(branch)' goes "
        + "there, then '\(skipping ? "skip" : "unskip") \(entry.number)'."
    }
  }
}

/// `1 step`, `2 steps`.
private func steps(_ count: Int) -> String {
  count == 1 ? "1 step" : "\(count) steps"
}
