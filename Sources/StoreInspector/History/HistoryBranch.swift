/// One branch of a `History`: the path from the initial moment to one leaf entry.
///
/// A branch is born when an action is recorded while the cursor is in the past; the future that
/// was there before stays as another branch.
public struct HistoryBranch<Action> {
  /// The branch's number in `History.branches`, counting from 1 in the order the branches were
  /// born (the oldest first).
  public var number: Int
  /// The last entry of the branch.
  public var head: EntryID
  /// How many entries lead from the initial moment to `head`.
  public var length: Int
  /// The first entry of this branch that no other branch shares; nil while history has only one
  /// branch.
  public var divergence: HistoryEntry<Action>?
  /// Whether the cursor is on this branch.
  public var isCurrent: Bool
}

extension HistoryBranch: Sendable where Action: Sendable {}
extension HistoryBranch: Equatable where Action: Equatable {}
